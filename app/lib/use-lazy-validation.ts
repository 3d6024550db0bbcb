/**
 * Client-side validation with the form's shared zod schema, loaded after hydration, at the customer's
 * first move on the page, so that zod and the conform adapter stay out of the first-load JavaScript and
 * out of the page's first seconds.
 *
 * Until the schema arrives, a submit is checked by the server with the same schema, so nothing changes
 * for the customer. A field's check on leaving it ("validate" intent) is not a submit: it stays in the
 * browser. Posted to the server it would be a navigation, and the pending navigation would disable the
 * submit button under a pointer already on its way to it (the click was lost). Such checks wait here
 * and run as soon as the schema has loaded.
 */
import type { Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

type Validate = (context: { form: HTMLFormElement; formData: FormData }) => Submission<unknown>;

const INTENT = "__intent__";

/**
 * What starts loading the checks: the customer's first move on the page (a pointer, a key, a focus).
 * Loaded as soon as the page came to life, zod's evaluation ran while the page was still settling
 * (Lighthouse counted it as blocking time on every form page); a field is left at the earliest after a
 * focus, and a check asked for before the schema is in waits for it.
 */
const FIRST_INTERACTION = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** A check of one field, kept for when the schema has loaded. */
interface Deferred {
  form: HTMLFormElement;
  intent: string;
}

/** The answer to a submission while the schema is not there yet (conform's Submission shape). */
function notYet(formData: FormData, deferred: Deferred[], form: HTMLFormElement): Submission<unknown> {
  const intent = formData.get(INTENT);
  if (typeof intent !== "string") {
    // A submit: error null lets it through to the route's action, which validates every field. The
    // checks of fields left before it are answered by that: run once the schema arrives, they would
    // clear the server's refusal of a field that only the server can check (a pause over a moving date).
    deferred.splice(0);
    return { status: undefined, payload: {}, error: null, reply: () => ({}) } as unknown as Submission<unknown>;
  }
  if (!deferred.some((entry) => entry.intent === intent)) deferred.push({ form, intent });
  // An error object (not null) makes conform stop the submit in the browser; every field named with
  // null keeps the message it shows, and the form's values and status stay as they are.
  const keep: Record<string, null> = { "": null };
  for (const name of formData.keys()) if (name !== INTENT) keep[name] = null;
  return {
    status: undefined,
    payload: {},
    error: keep,
    reply: () => ({ error: keep }),
  } as unknown as Submission<unknown>;
}

export function useLazyValidation(loadSchema: () => Promise<z.ZodType>): Validate {
  const [validate, setValidate] = useState<Validate>();
  const deferred = useRef<Deferred[]>([]);
  useEffect(() => {
    let active = true;
    const load = () => {
      stopWaiting();
      Promise.all([loadSchema(), import("@conform-to/zod/v4")])
        .then(([schema, { parseWithZod }]) => {
          if (active)
            setValidate(
              () =>
                ({ formData }: { formData: FormData }) =>
                  parseWithZod(formData, { schema }),
            );
        })
        .catch(() => undefined);
    };
    const stopWaiting = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, load, true);
    };
    // A field already has the focus (typed in before the page came to life): no reason to wait.
    if (document.activeElement && document.activeElement !== document.body) load();
    else for (const type of FIRST_INTERACTION) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      active = false;
      stopWaiting();
    };
    // The schema of a form does not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The checks asked for while the schema loaded run now, the way conform asks for them: a submit
  // of the form with the same intent, which the loaded validation answers in the browser.
  useEffect(() => {
    if (!validate) return;
    const waiting = deferred.current.splice(0);
    for (const { form, intent } of waiting) {
      if (!form.isConnected) continue;
      const button = document.createElement("button");
      button.type = "submit";
      button.name = INTENT;
      button.value = intent;
      button.hidden = true;
      form.append(button);
      form.requestSubmit(button);
      button.remove();
    }
  }, [validate]);

  return validate ?? ((context) => notYet(context.formData, deferred.current, context.form));
}
