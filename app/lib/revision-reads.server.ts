/**
 * The API's revision (GET /revision) of the page requests that arrive at the same moment, read in one call.
 *
 * Every signed-in page asks the API for the revision of its user (and account) before anything else
 * (conditional.server.ts). Reads asked for while this process handles one batch of arriving requests (one
 * turn of its event loop) wait until that turn ends, then go out together: one GET /revision when they are
 * all the same read (the same access token and account: a user whose browser asks for a page and its data
 * at once, or one customer reloading), otherwise one POST /revisions with every read, each carrying its
 * own token and authorized alone by the API. Under load, many customers' pages cost the portal one API
 * round trip (a socket write and read, a parse) instead of one each.
 *
 * Exact: a read starts after every request that waits for it has arrived, so it sees everything written
 * before any of them, as a read of its own would. A read that fails (the API down, a refused token) gives
 * its waiters no revision: their pages are rendered, as when a GET /revision fails.
 */
import { MAX_REVISION_READS, RevisionAnswer, RevisionsAnswer } from "../../api/contract/dashboard.ts";
import type { ApiClient } from "./api.server.ts";

interface Read {
  token: string;
  customerId: string | undefined;
  /** The API client of the first request that asked (the language of its call; detached calls only). */
  client: ApiClient;
  waiters: ((revision: string | undefined) => void)[];
}

let gathering: Map<string, Read> | undefined;

/** The revision for this access token (and account), read with the others asked for in this turn. */
export function readRevision(client: ApiClient, token: string, customerId: string | undefined): Promise<string | undefined> {
  if (!gathering) {
    gathering = new Map();
    // After the I/O callbacks of this turn, the requests that arrived in it included.
    setImmediate(sendGathered);
  }
  const key = `${customerId ?? ""} ${token}`;
  let read = gathering.get(key);
  if (!read) gathering.set(key, (read = { token, customerId, client, waiters: [] }));
  const waiters = read.waiters;
  return new Promise((resolve) => waiters.push(resolve));
}

/** What POST /revisions takes (RevisionsRequest); anything else is read alone, and answered as GET answers it. */
const fitsBatch = (read: Read) => read.token.length <= 2048 && (read.customerId === undefined || Number(read.customerId) > 0);

function sendGathered(): void {
  const reads = [...(gathering?.values() ?? [])];
  gathering = undefined;
  const batched = reads.length > 1 ? reads.filter(fitsBatch) : [];
  const alone = new Set(reads);
  for (const read of batched) alone.delete(read);
  for (const read of alone) void readOne(read);
  for (let i = 0; i < batched.length; i += MAX_REVISION_READS) {
    const group = batched.slice(i, i + MAX_REVISION_READS);
    void (group.length === 1 ? readOne(group[0]) : readMany(group));
  }
}

function settle(read: Read, revision: string | undefined): void {
  for (const resolve of read.waiters) resolve(revision);
}

async function readOne(read: Read): Promise<void> {
  let revision: string | undefined;
  try {
    const { status, body } = await read.client.fetch("GET", "/revision", { query: { customer_id: read.customerId }, detached: true });
    const parsed = status === 200 ? RevisionAnswer.safeParse(body) : null;
    revision = parsed?.success ? parsed.data.revision : undefined;
  } catch {
    revision = undefined;
  }
  settle(read, revision);
}

async function readMany(reads: Read[]): Promise<void> {
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
  reads.forEach((read, i) => {
    const answer = answers?.[i];
    settle(read, answer?.status === 200 ? answer.revision : undefined);
  });
}
