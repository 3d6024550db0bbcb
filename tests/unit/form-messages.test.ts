/** Form messages that carry the values they name ("x@y is not a valid email address"). */
import { describe, expect, it } from "vitest";
import { messageParts, translateMessage, withValues } from "../../app/lib/form-messages.ts";

describe("form messages with values", () => {
  it("keeps a plain key as it is", () => {
    expect(messageParts("api:subject.required")).toEqual(["api:subject.required", undefined]);
  });

  it("carries values after the key, and translates with them", () => {
    const message = withValues("support:form.ccInvalid", { emails: "a@, b@", count: 2 });
    expect(messageParts(message)).toEqual(["support:form.ccInvalid", { emails: "a@, b@", count: 2 }]);
    const t = (key: string, values?: Record<string, string | number>) => `${key}(${values ? JSON.stringify(values) : ""})`;
    expect(translateMessage(t, message)).toBe('support:form.ccInvalid({"emails":"a@, b@","count":2})');
    expect(translateMessage(t, "api:subject.required")).toBe("api:subject.required()");
  });

  it("treats what follows the separator as no values when it is not an object", () => {
    expect(messageParts("key|not json")).toEqual(["key", undefined]);
    expect(messageParts('key|["a"]')).toEqual(["key", undefined]);
  });
});
