/**
 * The reference API against what an attacker sends: control characters (PostgreSQL refuses NUL in
 * text), multipart bodies without a token, credential spraying, stolen refresh tokens.
 */
import { samplePdf } from "../support/sample-files.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccessTokenAnswer } from "#contract/auth";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ limits: { failuresPerAddress: 40, attemptsPerAddress: 40, failuresPerPair: 12 } });
});
afterAll(() => api.close());

const signInPair = async (username: string) =>
  AccessTokenAnswer.parse((await api.call("POST", "/auth/access-token", { json: { username, password: "Demo-Pass-2026" } })).body);

describe("control characters", () => {
  it.each([
    ["a NUL in the sign-in username (JSON)", "POST", "/auth/access-token", { json: { username: "a\u0000b", password: "x" } }, "username"],
    ["a NUL in the sign-in username (form)", "POST", "/auth/access-token", { form: { username: "a\u0000b", password: "x" } }, "username"],
    ["a NUL in forgot password", "POST", "/auth/forgot-password", { json: { username: "resi\u0000@example.com" } }, "username"],
    ["an escape character nested in JSON", "POST", "/auth/forgot-password", { json: { username: { deep: "x\u001b[2J" } } }, "username"],
    ["a right-to-left override", "POST", "/auth/forgot-password", { json: { username: "Zo\u00eb\u202egnp.exe" } }, "username"],
    ["a directional isolate", "POST", "/auth/forgot-password", { form: { username: "a\u2067b\u2069" } }, "username"],
  ] as const)("refuse %s with a 422 field error, not a 500", async (_what, method, path, options, field) => {
    const { status, body } = await api.call(method, path, options as never);
    expect(status).toBe(422);
    expect(body.errors[field]).toEqual([`${field}.control_characters`]);
    expect(JSON.stringify(body)).not.toMatch(/stack|SQL|\/work\//i);
  });

  it("refuses a NUL in a query parameter of a signed-in call", async () => {
    const token = await api.signIn("resi@example.com");
    const { status, body } = await api.call("GET", "/oauth2/authorize", {
      token,
      query: { client_id: "support\u0000desk", redirect_uri: "x" },
    });
    expect(status).toBe(422);
    expect(body.errors.client_id).toEqual(["client_id.control_characters"]);
  });

  it("refuses a file name with a NUL and stores nothing", async () => {
    const token = await api.signIn("resi@example.com");
    const before = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM support_tickets");
    const form = new FormData();
    form.append("subject", "Router");
    form.append("description", "It blinks");
    form.append("attachments", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "a\u0000.pdf", { type: "application/pdf" }));
    const { status } = await api.call("POST", "/support/tickets/100101", { token, form });
    expect([400, 422]).toContain(status);
    const after = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM support_tickets");
    expect(after!.n).toBe(before!.n);
  });

  it("keeps line breaks and tabs in text (a ticket description is text), and the directional marks", async () => {
    for (const username of ["nobody\t@example.com", "\u200fnobody\u200e@example.com"]) {
      const { status } = await api.call("POST", "/auth/forgot-password", { json: { username } });
      expect(status, username).not.toBe(500);
      expect(status, username).not.toBe(422);
    }
  });

  it("refuses a file name that turns around to hide its type, and stores nothing", async () => {
    const token = await api.signIn("resi@example.com");
    const before = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM support_tickets");
    const form = new FormData();
    form.append("category", "outage");
    form.append("subject", "Router");
    form.append("description", "It blinks");
    // Shown as "scanfdp.exe", a real PDF otherwise: only its name is refused.
    form.append("attachments", new File([new Uint8Array(samplePdf())], "scan\u202eexe.pdf", { type: "application/pdf" }));
    const { status, body } = await api.call("POST", "/support/tickets/100101", { token, form });
    expect(status).toBe(422);
    expect(body.errors.attachments).toEqual(["attachments.control_characters"]);
    const after = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM support_tickets");
    expect(after!.n).toBe(before!.n);
  });

  it("answers 404 before asking for a token for an address no endpoint has or that does not decode", async () => {
    for (const path of ["/no-such-endpoint", "/dashboard/100101/nowhere", "/router/1/dhcp-reservation/aa%E0%A4%A"]) {
      expect((await api.call("GET", path)).status, path).toBe(404);
    }
    expect((await api.call("GET", "/dashboard")).status).toBe(401);
  });

  it("answers 404 for a path parameter with a control character", async () => {
    const token = await api.signIn("resi@example.com");
    expect((await api.call("GET", "/router/1/dhcp-reservation/aa%00bb", { token })).status).toBe(404);
  });
});

describe("multipart bodies", () => {
  it("answer 401 without a token on an endpoint that needs one, and are read as small forms on public ones", async () => {
    const form = new FormData();
    form.append("subject", "x");
    expect((await api.call("POST", "/support/tickets/100101", { form })).status).toBe(401);
    const big = new FormData();
    big.append("username", "A".repeat(300 * 1024));
    expect((await api.call("POST", "/auth/forgot-password", { form: big })).status).toBe(413);
  });

  it("are refused with 401 before they are read when the token is missing or wrong", async () => {
    let sent = 0;
    let stop = false;
    const chunk = new Uint8Array(64 * 1024).fill(65);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (stop || sent > 25 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        if (sent === chunk.length)
          controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="a"; filename="a.pdf"\r\n\r\n'));
        controller.enqueue(chunk);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    const started = Date.now();
    const response = await fetch(`${api.baseUrl}/support/tickets/100101`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Authorization: "Bearer forged" },
      body,
      // @ts-expect-error undici needs duplex for a streamed body
      duplex: "half",
    });
    stop = true;
    expect(response.status).toBe(401);
    // The answer came long before 25 MB could have been sent at 64 KiB per 5 ms (about 2 s).
    expect(Date.now() - started).toBeLessThan(1500);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });
});

describe("POST /auth/access-token limits", () => {
  it("never refuses the right password after a username's failures from other addresses", async () => {
    for (let i = 0; i < 12; i++) {
      const from = `198.51.100.${i + 1}`;
      const attempt = await api.call("POST", "/auth/access-token", {
        json: { username: "sam.gagnon@example.com", password: `wrong-${i}` },
        headers: { "X-Forwarded-For": from },
      });
      expect(attempt.status).toBe(401);
    }
    const right = await api.call("POST", "/auth/access-token", {
      json: { username: "sam.gagnon@example.com", password: "Demo-Pass-2026" },
    });
    expect(right.status).toBe(200);
  });

  it("limits the attempts of one address (the one the portal forwards), whatever the usernames", async () => {
    const from = { "X-Forwarded-For": "203.0.113.77" };
    let limited = 0;
    for (let i = 0; i < 45; i++) {
      const { status } = await api.call("POST", "/auth/access-token", {
        json: { username: `spray${i}@example.com`, password: "Spring2026!" },
        headers: from,
      });
      if (status === 429) limited++;
    }
    expect(limited).toBe(5);
    // Another address is not affected.
    const other = await api.call("POST", "/auth/access-token", {
      json: { username: "spray@example.com", password: "x" },
      headers: { "X-Forwarded-For": "203.0.113.78" },
    });
    expect(other.status).toBe(401);
  });

  it("does not count refresh-token requests", async () => {
    const pair = await signInPair("family@example.com");
    let token = pair.refresh_token;
    for (let i = 0; i < 45; i++) {
      const { status, body } = await api.call("POST", "/auth/access-token", {
        json: { refresh_token: token },
        headers: { "X-Forwarded-For": "203.0.113.90" },
      });
      expect(status).toBe(200);
      token = body.refresh_token;
    }
  });
});

describe("refresh token rotation", () => {
  it("answers a new refresh token on every use", async () => {
    const first = await signInPair("resi@example.com");
    const second = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } })).body,
    );
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { refresh_token: second.refresh_token } })).body,
    );
    expect(third.refresh_token).not.toBe(second.refresh_token);
  });

  it("answers the same successor to a second renewal within the grace (two requests at once)", async () => {
    const first = await signInPair("resi@example.com");
    const [a, b] = await Promise.all([
      api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } }),
      api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
  });

  it("treats a rotated token used after the grace as theft and ends the session for everyone", async () => {
    const first = await signInPair("resi@example.com");
    const owner = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } })).body,
    );
    api.clock.now = new Date(NOW.getTime() + 5 * 60_000);
    try {
      const thief = await api.call("POST", "/auth/access-token", { json: { refresh_token: first.refresh_token } });
      expect(thief.status).toBe(401);
      // The owner's newer tokens stop working too: the session is over.
      expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: owner.refresh_token } })).status).toBe(401);
      expect((await api.call("GET", "/dashboard", { token: owner.token })).status).toBe(401);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("headers", () => {
  it("sends X-Content-Type-Options: nosniff and no-store on every answer", async () => {
    for (const path of ["/dashboard", "/openapi.json", "/nowhere"]) {
      const { headers } = await api.call("GET", path);
      expect(headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });
});
