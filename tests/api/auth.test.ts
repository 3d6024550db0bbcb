import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { AccessTokenAnswer } from "#contract/auth";
import { ErrorAnswer } from "#contract/common";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("POST /auth/access-token", () => {
  it("answers a JWT with sub and exp and a refresh token for the right password", async () => {
    const { status, body } = await api.call("POST", "/auth/access-token", {
      json: { username: "RESI@example.com", password: "Demo-Pass-2026" },
    });
    expect(status).toBe(200);
    const tokens = AccessTokenAnswer.parse(body);
    const claims = decodeJwt(tokens.token);
    expect(claims.sub).toBe("1");
    expect(claims.exp).toBe(Math.floor(NOW.getTime() / 1000) + 15 * 60);
  });

  it("accepts a form post as well as JSON", async () => {
    const { status } = await api.call("POST", "/auth/access-token", {
      form: { username: "family@example.com", password: "Demo-Pass-2026" },
    });
    expect(status).toBe(200);
  });

  it("answers 401 for a wrong password and for an unknown username, the same way", async () => {
    const wrong = await api.call("POST", "/auth/access-token", { json: { username: "resi@example.com", password: "nope" } });
    const unknown = await api.call("POST", "/auth/access-token", { json: { username: "nobody@example.com", password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(ErrorAnswer.parse(wrong.body).message).toBe(ErrorAnswer.parse(unknown.body).message);
  });

  it("answers 422 with field errors when the body has neither credentials nor a refresh token", async () => {
    const { status, body } = await api.call("POST", "/auth/access-token", { json: { username: "resi@example.com" } });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toBeDefined();
  });

  it("renews the access token from the refresh token, and refuses it after sign-out", async () => {
    const first = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { username: "resi@example.com", password: "Demo-Pass-2026" } })).body,
    );
    const renewed = await api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } });
    expect(renewed.status).toBe(200);
    expect(AccessTokenAnswer.parse(renewed.body).token).not.toBe("");

    // (The session check just answered for this token, and is kept on PGlite until the next write.)
    expect((await api.call("GET", "/dashboard", { token: first.token })).status).toBe(200);
    expect((await api.call("GET", "/auth/logout", { token: first.token })).status).toBe(200);
    expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } })).status).toBe(401);
    // Access tokens of the signed-out session end at once too.
    expect((await api.call("GET", "/dashboard", { token: first.token })).status).toBe(401);
  });

  it("refuses an expired access token", async () => {
    const token = await api.signIn("resi@example.com");
    api.clock.now = new Date(NOW.getTime() + 16 * 60_000);
    try {
      expect((await api.call("GET", "/dashboard", { token })).status).toBe(401);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("private endpoints", () => {
  it("answer 401 without a token and with a forged one", async () => {
    expect((await api.call("GET", "/dashboard")).status).toBe(401);
    expect((await api.call("GET", "/dashboard", { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad" })).status).toBe(401);
  });
});
