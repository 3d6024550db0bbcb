/**
 * POST /link-answers: several GETs about e-mailed links at once, each answered exactly as its GET answers
 * a visitor (status and body, in the read's language), from the same kept answers; nothing else of the
 * API is reachable through it, and it writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LinkAnswersAnswer, MAX_LINK_READS } from "#contract/auth-flows";
import { AUTH_FLOWS_DEMO as SEED } from "../../api/db/seed/auth-flows.ts";
import { DEMO_CONTACT_TOKENS } from "../../api/db/seed/contacts.ts";
import { KEPT_MS } from "../../api/db/kept-reads.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
let resi: string;

beforeAll(async () => {
  api = await createTestApi();
  resi = await api.signIn("resi@example.com");
});
afterAll(() => api.close());

const { tokens, orders } = SEED;
const { arjun, lea } = DEMO_CONTACT_TOKENS;

/** Every kind of link GET with a live demo link, and refusals of each kind (unknown, expired, malformed, missing). */
const LINKS = [
  `/auth/recover-password/${tokens.recoveryResi}`,
  `/auth/activate-account/${tokens.activation}`,
  `/activate-customer-contact/${arjun.customerId}/${arjun.token}`,
  `/order-summary/${tokens.orderSummary}`,
  `/order-confirmation/${tokens.orderConfirmation}`,
  `/order-handoff/${orders.newCustomer}?token=${tokens.orderHandoff}`,
  `/agreement/${tokens.agreement}`,
  `/order-summary/no-such-link-0123456789`,
  `/activate-customer-contact/${lea.customerId}/${lea.token}`,
  `/auth/recover-password/short`,
  `/order-handoff/${orders.newCustomer}`,
  `/order-handoff/${orders.newCustomer}?token=a&token=b`,
];

async function batch(reads: unknown, headers: Record<string, string> = {}) {
  return api.call("POST", "/link-answers", { json: { reads }, headers });
}

/** What the GET answers a visitor: its status and body. */
async function viaGet(path: string, language: "en" | "fr") {
  const url = new URL(path, "http://x");
  const { status, body } = await api.call("GET", url.pathname, {
    query: Object.fromEntries(url.searchParams),
    headers: { "Accept-Language": language },
  });
  return { status, body };
}

/** The statements run until `restore()`; a transaction (a write) throws. */
function readsOnly() {
  const { transaction } = api.db;
  api.db.transaction = (() => {
    throw new Error("POST /link-answers must not write");
  }) as typeof transaction;
  return () => Object.assign(api.db, { transaction });
}

describe("POST /link-answers", () => {
  it("answers each read as its GET answers a visitor, in the read's language and in order", async () => {
    const reads = LINKS.flatMap((path) => [
      { path, language: "fr" as const },
      { path, language: "en" as const },
    ]);
    const restore = readsOnly();
    let answer;
    try {
      answer = await batch(reads);
    } finally {
      restore();
    }
    expect(answer.status).toBe(200);
    const { answers } = LinkAnswersAnswer.parse(answer.body);
    expect(answers).toHaveLength(reads.length);
    // The refusals (unknown, expired, malformed, no hand-over token, a token given twice) answer 404.
    expect(answers.map((a) => a.status)).toEqual(LINKS.flatMap((_, i) => (i < 7 ? [200, 200] : [404, 404])));
    for (const [i, read] of reads.entries()) {
      expect(answers[i], `${read.language} ${read.path}`).toEqual(await viaGet(read.path, read.language));
    }
    // The language is the read's: the agreement's sections are French in the first, English in the second.
    const agreementAt = LINKS.indexOf(`/agreement/${tokens.agreement}`) * 2;
    expect(JSON.stringify(answers[agreementAt].body)).not.toBe(JSON.stringify(answers[agreementAt + 1].body));
  });

  it("reads as a visitor: an Authorization header changes nothing, and the hand-over without its token is refused", async () => {
    const path = `/order-handoff/${SEED.orders.resiExtender}`;
    // resi's own order: signed in, the GET answers it; the batch reads as a visitor.
    expect((await api.call("GET", path, { token: resi })).status).toBe(200);
    const answer = await batch([{ path }], { Authorization: `Bearer ${resi}` });
    expect(answer.status).toBe(200);
    expect(LinkAnswersAnswer.parse(answer.body).answers).toEqual([await viaGet(path, "en")]);
    expect(answer.body.answers[0].status).not.toBe(200);
  });

  it("reaches nothing but the link GETs: any other path answers 404 in its place", async () => {
    const others = ["/dashboard", "/revision", "/openapi.json", "/auth/forgot-password", `/billing/100101/summary`, "/link-answers", "/"];
    const answer = await batch(others.map((path) => ({ path })));
    expect(answer.status).toBe(200);
    const { answers } = LinkAnswersAnswer.parse(answer.body);
    expect(answers).toEqual(others.map(() => ({ status: 404, body: { success: false, message: "Endpoint not found" } })));
  });

  it("shares the GET's kept answers, and shows a write at once", async () => {
    const path = `/order-confirmation/${tokens.orderConfirmation}`;
    api.clock.now = new Date(api.clock.now.getTime() + 2 * KEPT_MS);
    const before = LinkAnswersAnswer.parse((await batch([{ path }])).body).answers[0];
    expect(before).toEqual(await viaGet(path, "en"));
    const windows = (before.body as { windows: { window_id: number }[] }).windows;
    const chosen = await api.call("POST", path, { json: { window_id: windows[windows.length - 1].window_id } });
    expect(chosen.status).toBe(200);
    const after = LinkAnswersAnswer.parse((await batch([{ path }])).body).answers[0];
    expect(after).not.toEqual(before);
    expect(after).toEqual(await viaGet(path, "en"));
  });

  it("answers 422 for anything but a list of 1 to 50 reads of paths", async () => {
    const path = `/order-summary/${tokens.orderSummary}`;
    const bad = [
      undefined,
      [],
      "reads",
      [{}],
      [{ path: "order-summary/x" }],
      [{ path: "/order-summary/with space" }],
      [{ path: "/order-summary/\u0000" }],
      [{ path, language: "de" }],
      [{ path: `/${"x".repeat(1024)}` }],
      Array.from({ length: MAX_LINK_READS + 1 }, () => ({ path })),
    ];
    for (const reads of bad) {
      const answer = await batch(reads);
      expect(answer.status, JSON.stringify(reads)?.slice(0, 60)).toBe(422);
      expect(answer.body.success).toBe(false);
    }
    expect((await batch(Array.from({ length: MAX_LINK_READS }, () => ({ path })))).status).toBe(200);
  });
});
