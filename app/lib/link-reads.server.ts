/**
 * What the API answers about e-mailed links (GET /order-summary/{token}, /auth/recover-password/{token},
 * …) for the link pages that arrive at the same moment, read in one call.
 *
 * A link page asks the API about its link on every view, to tag the page (conditional.server.ts
 * `linkPageMiddleware`, through `ApiClient.digest`). The reads of one turn of the event loop are gathered
 * (gathered-reads.server.ts): the same read (the same link in the same language) once; one read alone as
 * its GET; several in one POST /link-answers, which answers each exactly as its GET answers a visitor.
 * The tag is a digest of the status and the JSON body either way (the body as the API serializes it), so
 * a page keeps its tag whichever way its read went. A page waits for its read within its time for the API
 * (api-budget.server.ts).
 */
import { createHash } from "node:crypto";
import { LinkAnswersAnswer, LinkAnswersRequest, MAX_LINK_READS } from "#contract/auth-flows";
import { gatherReads } from "./gathered-reads.server.ts";

/** What a read needs of the API client (api.server.ts `ApiClient`, whose `digest` reads through here). */
export interface LinkReadClient {
  readonly language: string;
  text(
    method: "GET",
    path: string,
    options: { query?: Record<string, string>; headers: Record<string, string>; detached: true },
  ): Promise<{ status: number; text: string }>;
  fetch(
    method: "POST",
    path: string,
    options: { json: unknown; detached: true; withoutToken: true },
  ): Promise<{ status: number; body: unknown }>;
}

interface LinkRead {
  /** The API client of the first request that asked (public: no token; detached calls only). */
  client: LinkReadClient;
  /** The GET's path under the API base, and its query. */
  path: string;
  query: Record<string, string> | undefined;
  headers: Record<string, string>;
}

/** The digest of an answer: its status and its body as sent (JSON). */
const answerDigest = (status: number, body: string) => `${status} ${createHash("sha256").update(body).digest("base64url")}`;

/** Only a link's answer (200) or its refusal (404) tag a page; anything else leaves the page untagged. */
const tagging = (status: number) => status === 200 || status === 404;

const pathOf = (read: LinkRead) => (read.query ? `${read.path}?${new URLSearchParams(read.query)}` : read.path);

const languageOf = (read: LinkRead) => (read.client.language === "fr" ? "fr" : "en");

/** What POST /link-answers takes: a visitor's read (no headers of its own), in English or French, of a path that fits. */
const fitsBatch = (read: LinkRead) =>
  Object.keys(read.headers).length === 0 &&
  read.client.language === languageOf(read) &&
  LinkAnswersRequest.shape.reads.element.shape.path.safeParse(pathOf(read)).success;

async function readOne(read: LinkRead): Promise<string | undefined> {
  const { status, text } = await read.client.text("GET", read.path, { query: read.query, headers: read.headers, detached: true });
  return tagging(status) ? answerDigest(status, text) : undefined;
}

async function readMany(reads: LinkRead[]): Promise<(string | undefined)[]> {
  const { status, body } = await reads[0].client.fetch("POST", "/link-answers", {
    json: { reads: reads.map((read) => ({ path: pathOf(read), language: languageOf(read) })) } satisfies LinkAnswersRequest,
    detached: true,
    withoutToken: true,
  });
  const parsed = status === 200 ? LinkAnswersAnswer.safeParse(body) : null;
  if (!parsed?.success || parsed.data.answers.length !== reads.length) throw new Error(`POST /link-answers answered ${status}`);
  return parsed.data.answers.map((answer) =>
    tagging(answer.status) ? answerDigest(answer.status, JSON.stringify(answer.body)) : undefined,
  );
}

const gathered = gatherReads<LinkRead, string | undefined>({
  key: (read) => `${read.client.language} ${pathOf(read)} ${JSON.stringify(read.headers)}`,
  fitsBatch,
  max: MAX_LINK_READS,
  one: readOne,
  many: readMany,
});

/**
 * The digest of what the API answers a visitor's GET of `path` (a link GET), read with the others asked
 * for in this turn; undefined when the answer is neither the link's (200) nor a refusal of it (404).
 */
export const readLinkDigest = (
  client: LinkReadClient,
  path: string,
  query: Record<string, string> | undefined,
  headers: Record<string, string>,
): Promise<string | undefined> => gathered({ client, path, query, headers });
