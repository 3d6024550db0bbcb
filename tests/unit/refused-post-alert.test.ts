/**
 * What a page of several forms says of a refused post that none of its forms takes (RefusedPostAlert):
 * the reply's form-level messages first, then those of fields the page shows no control for, each once.
 */
import { describe, expect, it } from "vitest";
import { unplacedMessages } from "../../app/components/form/RefusedPostAlert";

describe("a refused post no form takes", () => {
  it("says its form-level messages, then its fields', each once", () => {
    const reply = {
      result: {
        status: "error" as const,
        error: {
          band: ["formErrors.unreadable"],
          "": ["common:formErrors.controlCharacters"],
          customer_id: ["api:customer_id.invalid", "formErrors.unreadable"],
        },
      },
    };
    expect(unplacedMessages(reply)).toEqual(["common:formErrors.controlCharacters", "formErrors.unreadable", "api:customer_id.invalid"]);
  });

  it("says a message only on a field the page does not show (a control character in a button's value)", () => {
    expect(unplacedMessages({ result: { status: "error", error: { skipped: ["common:formErrors.controlCharacters"] } } })).toEqual([
      "common:formErrors.controlCharacters",
    ]);
  });

  it("says nothing without a reply, or for one without errors", () => {
    expect(unplacedMessages(undefined)).toEqual([]);
    expect(unplacedMessages({ result: { status: "error", error: { name: null } } })).toEqual([]);
  });
});
