/**
 * PostgreSQL restarting under the day's load (issue 28, faults): while the database does not answer, the
 * API answers 503 ("try again shortly", which the portal shows as its service-unavailable page), never 401
 * (the portal would end the customer's session) nor 500; once it answers again, so does the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../api/db/client.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The database as a restart leaves it for the API's connections: each statement fails as pg fails it. */
function downWhile(db: Db, error: () => Error): () => void {
  const { query, one } = db;
  db.query = () => Promise.reject(error());
  db.one = () => Promise.reject(error());
  return () => {
    db.query = query;
    db.one = one;
  };
}

const shutDown = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const lost = () => new Error("Connection terminated unexpectedly");

describe("the database restarting", () => {
  it.each([
    ["shut down (57P01)", shutDown],
    ["refused", refused],
    ["lost", lost],
  ])("answers 503 to a signed-in call while it is %s, and the same session works once it is back", async (_, error) => {
    const token = await api.signIn("resi@example.com");
    // Past the second for which the API may keep the session check (api/db/kept-reads.ts).
    api.clock.now = new Date(api.clock.now.getTime() + 2000);
    const restore = downWhile(api.db, error);
    try {
      const down = await api.call("GET", "/dashboard", { token });
      expect(down.status).toBe(503);
      const revisions = await api.call("GET", "/revision", { token });
      expect(revisions.status).toBe(503);
    } finally {
      restore();
    }
    const back = await api.call("GET", "/dashboard", { token });
    expect(back.status).toBe(200);
  });
});
