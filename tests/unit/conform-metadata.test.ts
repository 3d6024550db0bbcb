/**
 * conform makes a field's whole metadata (a proxy and four strings) again on every property read of it;
 * patches/@conform-to+react+1.21.1.patch makes it once per state of the form
 * (docs/decisions/225-conform-metadata-once.md). These tests hold the patch to conform's own behaviour:
 * a field read after the form's state changed shows the new state.
 */
import { useForm, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

type Fields = { email: string; name: string };

interface Internal {
  getFormId(): string;
  onUpdate(options: { lastResult: unknown }): void;
}

/** The form and its fields as a component rendered on the server got them, and conform's own context behind them. */
function renderForm() {
  let captured: { form: FormMetadata<Fields>; fields: { email: FieldMetadata<string>; name: FieldMetadata<string> } } | undefined;
  function Form() {
    const [form, fields] = useForm<Fields>({ id: "profile", defaultValue: { email: "a@example.com", name: "Ann" } });
    captured = { form, fields };
    return h("form", { id: form.id });
  }
  renderToString(h(Form));
  if (!captured) throw new Error("the form did not render");
  const wrapped = captured.form.context as unknown as Record<symbol, Internal>;
  const internal = wrapped[Object.getOwnPropertySymbols(wrapped)[0]];
  return { ...captured, internal };
}

const realDocument = (globalThis as { document?: unknown }).document;
afterEach(() => {
  (globalThis as { document?: unknown }).document = realDocument;
});

describe("conform's field metadata (patched)", () => {
  it("is made once for any number of reads while the form's state stays the same", () => {
    const { fields, internal } = renderForm();
    const getFormId = internal.getFormId.bind(internal);
    let made = 0;
    // Making a field's metadata asks the form's id once; reading `formId` asks it too, and is not read here.
    internal.getFormId = () => {
      made++;
      return getFormId();
    };
    const email = fields.email;
    for (let i = 0; i < 10; i++) {
      expect(email.id).toBe("profile-email");
      expect(email.errorId).toBe("profile-email-error");
      expect(email.initialValue).toBe("a@example.com");
      expect(email.errors).toBeUndefined();
      expect(email.valid).toBe(true);
    }
    expect(made).toBe(1);
    // Another field has its own.
    expect(fields.name.initialValue).toBe("Ann");
    expect(made).toBe(2);
  });

  it("shows the form's new state once it changed (a refused submission)", () => {
    const { fields, form, internal } = renderForm();
    const email = fields.email;
    expect(email.errors).toBeUndefined();
    expect(form.errors).toBeUndefined();
    // conform looks for the form in the document when it reports a result: there is none on the server.
    (globalThis as { document?: unknown }).document = { forms: { namedItem: () => null } };
    internal.onUpdate({
      lastResult: {
        status: "error",
        initialValue: { email: "not-an-address", name: "Ann" },
        error: { email: ["email.invalid"], "": ["form.refused"] },
      },
    });
    expect(email.errors).toEqual(["email.invalid"]);
    expect(email.valid).toBe(false);
    expect(email.value).toBe("not-an-address");
    expect(form.errors).toEqual(["form.refused"]);
    expect(fields.name.errors).toBeUndefined();
  });
});
