/**
 * The conform set-up every form of the portal shares: the server's last answer (values typed and
 * errors of a refused post), the schema's constraints for the browser (required, maxLength…), and
 * validation with the same zod schema once the customer leaves a field, then as they type. The schema
 * is loaded after hydration (useLazyValidation), so zod stays out of the first-load JavaScript, and so is
 * conform's form model (useDeferredForm: the form's page suspends until it is in, behind the server's HTML).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useContext, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { z } from "zod";
import type { FormReply } from "./form-action.server";
import { useDeferredForm } from "./conform";
import { TextsContext } from "./translate";
import { useLazyValidation } from "./use-lazy-validation";

export interface PortalFormOptions<S extends z.ZodType> {
  /** Loads the form's shared schema: () => import("~/schemas/…").then((m) => m.Schema). */
  schema: () => Promise<S>;
  /** The action's answer (FormReply), when the post was refused. */
  lastResult?: FormReply | SubmissionResult<string[]> | null;
  /** getZodConstraint(schema), computed once on the server and passed by the loader. */
  constraint?: Record<string, unknown>;
  /** Values shown before anything is typed. */
  defaultValue?: Record<string, unknown>;
  /** Needed when a page has several forms. */
  id?: string;
}

/** Drafts already put back in a form of this browser tab: each comes back once. */
const restored = new Set<string>();

/**
 * What the customer typed into this page's form before their session ended, kept while they signed in
 * again (app/lib/form-draft.server.ts): the starting values of the page's forms, once.
 */
function useFormDraft(): Record<string, unknown> | undefined {
  const draft = (useRouteLoaderData("routes/_app") as { formDraft?: { id: string; values: Record<string, unknown> } | null } | undefined)
    ?.formDraft;
  const [values] = useState(() => (draft && !restored.has(draft.id) ? draft.values : undefined));
  useEffect(() => {
    if (draft) restored.add(draft.id);
  }, [draft]);
  return values;
}

export function usePortalForm<S extends z.ZodType>({ schema, lastResult, constraint, defaultValue: given, id }: PortalFormOptions<S>) {
  const draft = useFormDraft();
  const defaultValue = draft ? { ...given, ...draft } : given;
  const result = lastResult && "result" in lastResult ? lastResult.result : (lastResult ?? undefined);
  const texts = useContext(TextsContext);
  // The API's messages (api namespace) come with validation, after hydration, unless the page shows one already.
  const loadSchema = () => Promise.all([schema(), texts?.load("api")]).then(([loaded]) => loaded);
  return useDeferredForm<z.input<S> & Record<string, unknown>, z.output<S>, string[]>({
    id,
    lastResult: result,
    constraint: constraint as never,
    defaultValue: defaultValue as never,
    onValidate: useLazyValidation(loadSchema) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
