/**
 * The API's revision (GET /revision) of a user and, when given, of one of their accounts: what a page of
 * theirs shows has changed when it has. An optional endpoint of the contract: an API that does not answer
 * it gives no revision, and pages are then rendered every time (no 304s), which is still correct.
 */
import { RevisionAnswer } from "#contract/dashboard";
import type { ApiClient } from "./api.server.ts";

/** A revision as the API answers it: the opaque revision, and the user's own counter (their accounts and roles). */
export interface Revision {
  revision: string;
  user: number;
}

/**
 * The revision for this access token (and account); undefined when the API does not tell it (refused,
 * down, no GET /revision) within the page's time.
 */
export async function readRevision(client: ApiClient, customerId: string | undefined): Promise<Revision | undefined> {
  try {
    const { status, body } = await client.fetch("GET", "/revision", { query: { customer_id: customerId } });
    const parsed = status === 200 ? RevisionAnswer.safeParse(body) : null;
    return parsed?.success ? { revision: parsed.data.revision, user: parsed.data.user } : undefined;
  } catch {
    return undefined;
  }
}
