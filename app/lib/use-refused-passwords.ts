/**
 * A refused post never comes back with a password (the action's hideFields): without JavaScript the page
 * shows those fields empty; with it the browser kept what was typed. This empties them the same way, each
 * password field of the form whose value the answer left out.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import type { FormReply } from "./form-action.server";

export function useRefusedPasswordsEmptied(formId: string, lastResult: FormReply | SubmissionResult<string[]> | null | undefined) {
  const result = lastResult && "result" in lastResult ? lastResult.result : lastResult;
  useEffect(() => {
    if (result?.status !== "error") return;
    for (const input of document.getElementById(formId)?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? []) {
      if (result.initialValue?.[input.name] === undefined) input.value = "";
    }
  }, [result, formId]);
}
