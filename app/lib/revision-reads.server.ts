/**
 * The API's revision (GET /revision) of the page requests that arrive at the same moment, read in one call.
 *
 * Every signed-in page asks the API for the revision of its user (and account) before anything else
 * (conditional.server.ts). The reads of one turn of the event loop are gathered (gathered-reads.server.ts):
 * one GET /revision when they are all the same read (the same access token and account: a user whose
 * browser asks for a page and its data at once, or one customer reloading), otherwise one POST /revisions
 * with every read, each carrying its own token and authorized alone by the API. A read that fails (the API
 * down, a refused token) gives its waiters no revision: their pages are rendered, as when a GET /revision
 * fails.
 */
import { MAX_REVISION_READS, RevisionAnswer, RevisionsAnswer } from "../../api/contract/dashboard.ts";
import type { ApiClient } from "./api.server.ts";
import { gatherReads } from "./gathered-reads.server.ts";

interface Read {
  token: string;
  customerId: string | undefined;
  /** The API client of the first request that asked (the language of its call; detached calls only). */
  client: ApiClient;
}

/** What POST /revisions takes (RevisionsRequest); anything else is read alone, and answered as GET answers it. */
const fitsBatch = (read: Read) => read.token.length <= 2048 && (read.customerId === undefined || Number(read.customerId) > 0);

async function readOne(read: Read): Promise<string | undefined> {
  try {
    const { status, body } = await read.client.fetch("GET", "/revision", { query: { customer_id: read.customerId }, detached: true });
    const parsed = status === 200 ? RevisionAnswer.safeParse(body) : null;
    return parsed?.success ? parsed.data.revision : undefined;
  } catch {
    return undefined;
  }
}

async function readMany(reads: Read[]): Promise<(string | undefined)[]> {
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
    return answer?.status === 200 ? answer.revision : undefined;
  });
}

const gathered = gatherReads<Read, string | undefined>({
  key: (read) => `${read.customerId ?? ""} ${read.token}`,
  fitsBatch,
  max: MAX_REVISION_READS,
  one: readOne,
  many: readMany,
});

/** The revision for this access token (and account), read with the others asked for in this turn. */
export const readRevision = (client: ApiClient, token: string, customerId: string | undefined): Promise<string | undefined> =>
  gathered({ token, customerId, client });
