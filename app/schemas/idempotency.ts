import { z } from "zod";
import { TOO_LONG } from "./messages";

/**
 * The key a form's page was rendered with (`newIdempotencyKey`, app/lib/form-action.server.ts): the same post
 * twice (a double click, a browser's resend) charges once, opens one ticket, sends one message.
 */
export const idempotencyKey = z.string({ error: "api:idempotency_key.required" }).min(1, TOO_LONG).max(255, TOO_LONG);
