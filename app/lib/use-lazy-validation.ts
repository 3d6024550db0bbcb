/**
 * Client-side validation with the form's shared zod schema, loaded after hydration so that zod and the
 * conform adapter stay out of the first-load JavaScript. Until it arrives (a few milliseconds), a
 * submission is checked by the server with the same schema, so nothing changes for the customer.
 */
import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type Validate = (context: { formData: FormData }) => Submission<unknown>;

export function useLazyValidation(loadSchema: () => Promise<z.ZodType>): Validate | undefined {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let active = true;
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
    return () => {
      active = false;
    };
    // The schema of a form does not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validate;
}
