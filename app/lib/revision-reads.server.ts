/**
 * The API's revision (GET /revision) of the page requests that arrive at the same moment, read in one call.
 *
 * Every signed-in page asks the API for the revision of its user (and account) before anything else
 * (conditional.server.ts). The reads of one turn of the event loop are gathered (gathered-reads.server.ts):
 * one GET /revision when they are all the same read (the same access token and account: a user whose
 * browser asks for a page and its data at once, or one customer reloading), otherwise one POST /revisions
 * with every read, each carrying its own token and authorized alone by the API. A read that fails (the API
 * down, a refused token) gives its waiters no revision: their pages are rendered, as when a GET /revision
 * fails; so does a read that outlasts a waiting page's time for the API (api-budget.server.ts): the page
 * stops waiting, the read goes on for the others.
 */
import { MAX_REVISION_READS, RevisionAnswer, RevisionsAnswer } from "#contract/dashboard";
import type { ApiClient } from "./api.server.ts";
import { gatherReads } from "./gathered-reads.server.ts";

/** A revision as the API answers it: the opaque revision, and the user's own counter (their accounts and roles). */
export interface Revision {
  revision: string;
  user: number;
}

interface Read {
  token: string;
  customerId: string | undefined;
  /** The API client of the first request that asked (the language of its call; detached calls only). */
  client: ApiClient;
}

/** What POST /revisions takes (RevisionsRequest); anything else is read alone, and answered as GET answers it. */
const fitsBatch = (read: Read) => read.token.length <= 2048 && (read.customerId === undefined || Number(read.customerId) > 0);

async function readOne(read: Read): Promise<Revision | undefined> {
  try {
    const { status, body } = await read.client.fetch("GET", "/revision", { query: { customer_id: read.customerId }, detached: true });
    const parsed = status === 200 ? RevisionAnswer.safeParse(body) : null;
    return parsed?.success ? { revision: parsed.data.revision, user: parsed.data.user } : undefined;
  } catch {
    return undefined;
  }
}

async function readMany(reads: Read[]): Promise<(Revision | undefined)[]> {
  let answers: RevisionsAnswer["answers"] | undefined;
  try {
    const { status, body } = await reads[0].client.fetch("POST", "/revisions", {
      json: { reads: reads.map((read) => ({ token: read.token, customer_id: read.customerId ? Number(read.customerId) : undefined })) },
      detached: true,
      withoutToken: true,
    });
    const parsed = status === 200 ? RevisionsAnswer.safeParse(body) : null;
    answers = parsed?.success && parsed.data.answers.length === reads.length ? parsed.data.answers : undefined;
  } catch {
    answers = undefined;
  }
  return reads.map((_, i) => {
    const answer = answers?.[i];
    return answer?.status === 200 ? { revision: answer.revision, user: answer.user } : undefined;
  });
}

const gathered = gatherReads<Read, Revision | undefined>({
  key: (read) => `${read.customerId ?? ""} ${read.token}`,
  fitsBatch,
  max: MAX_REVISION_READS,
  one: readOne,
  many: readMany,
});

/**
 * The revision for this access token (and account), read with the others asked for in this turn; undefined
 * when the API does not tell it (refused, down, no GET /revision) within the page's time.
 */
export const readRevision = (client: ApiClient, token: string, customerId: string | undefined): Promise<Revision | undefined> =>
  client.within(() => gathered({ token, customerId, client })).catch(() => undefined);
