import { z } from "zod";

/** A confirmation page's form (stop, remove, cancel): nothing to fill in, one button. */
export const ConfirmSchema = z.object({});
