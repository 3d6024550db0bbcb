import { useForm, type SubmissionResult } from "@conform-to/react";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxGroup, RadioGroup, type Meta } from "../../app/components/form/Field.tsx";
import { resources } from "../../app/lib/i18n.server.ts";
import { completeTexts, TextsContext } from "../../app/lib/translate.ts";

const KINDS = ["bills", "payments", "outages", "security"];

/** A form with one choice group, rendered as the server renders it; `reads` counts the reads of the field's metadata. */
function render(group: typeof CheckboxGroup, initial: string[] | string, lastResult?: SubmissionResult<string[]>, required = false) {
  let reads = 0;
  function Form() {
    const [, fields] = useForm({
      id: "prefs",
      defaultValue: { kinds: initial },
      lastResult,
      constraint: required ? { kinds: { required: true } } : undefined,
    });
    const counted = new Proxy(fields.kinds, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as Meta;
    return h(group, {
      meta: counted,
      legend: "Send me",
      hint: "Choose any",
      options: KINDS.map((kind) => ({ value: kind, label: `Label ${kind}` })),
    });
  }
  const html = renderToString(h(TextsContext.Provider, { value: completeTexts("en", resources.en, new Set()) }, h(Form)));
  return { html, reads };
}

const inputs = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);

describe("choice groups", () => {
  it("name every option, tick the chosen ones and read the field's metadata once, whatever the number of options", () => {
    const { html, reads } = render(CheckboxGroup, ["payments", "security"]);
    const boxes = inputs(html);
    expect(boxes).toHaveLength(4);
    for (const box of boxes) {
      expect(box).toContain('type="checkbox"');
      expect(box).toContain('name="kinds"');
      expect(box).toContain('form="prefs"');
      expect(box).toContain('aria-describedby="prefs-kinds-description"');
      expect(box).not.toContain("aria-invalid");
      expect(box).not.toContain("required");
    }
    expect(boxes[0]).toContain('id="prefs-kinds"');
    expect(boxes[1]).toContain('id="prefs-kinds-payments"');
    expect(boxes.map((box) => box.includes("checked"))).toEqual([false, true, false, true]);
    // Each read of a field goes through conform's proxies; nine reads for the group, not nine per option.
    expect(reads).toBeLessThanOrEqual(12);
  });

  it("link a refused choice's error to every option", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { kinds: "paper" },
      error: { kinds: ["api:method.invalid"] },
    };
    const { html } = render(RadioGroup, "bills", lastResult);
    const radios = inputs(html);
    expect(radios).toHaveLength(4);
    for (const radio of radios) {
      expect(radio).toContain('aria-invalid="true"');
      expect(radio).toContain('aria-describedby="prefs-kinds-error prefs-kinds-description"');
      expect(radio).not.toContain("checked");
    }
    expect(html).toContain("Choose credit card or bank account.");
    expect(html).toContain('id="prefs-kinds-error"');
  });

  it("mark every radio button of a required choice as required, never a checkbox", () => {
    const radios = inputs(render(RadioGroup, "bills", undefined, true).html);
    expect(radios).toHaveLength(4);
    for (const radio of radios) expect(radio).toContain('required=""');
    expect(radios.map((radio) => radio.includes("checked"))).toEqual([true, false, false, false]);
    for (const box of inputs(render(CheckboxGroup, [], undefined, true).html)) expect(box).not.toContain("required");
  });
});
