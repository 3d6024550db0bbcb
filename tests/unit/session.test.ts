/** The session cookie: encrypted and authenticated, keys rotated through SESSION_SECRET. */
import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "../../app/lib/config.server.ts";
import { resetSessionStorage, sessionCookieFor, sessionKeys, seal, unseal } from "../../app/lib/session.server.ts";
import { sessionTokens } from "../support/route.ts";

const OLD = "old-session-secret-that-is-long-enough-0123456789";
const NEW = "new-session-secret-that-is-long-enough-9876543210";
const original = process.env.SESSION_SECRET;

function useSecret(value: string) {
  process.env.SESSION_SECRET = value;
  resetConfig();
  resetSessionStorage();
}

afterEach(() => useSecret(original!));

const refreshToken = "r3fr3sh-t0ken-of-thirty-days-AbCdEfGhIjKlMnOp";

describe("session cookie", () => {
  it("does not show the tokens to whoever reads it", async () => {
    const cookie = await sessionCookieFor({ accessToken: "eyJhbGciOiJIUzI1NiJ9.e30.sig", refreshToken });
    const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
    expect(value).not.toContain(refreshToken);
    for (const part of value.split(".")) {
      expect(Buffer.from(part, "base64url").toString("latin1")).not.toContain(refreshToken);
    }
    expect(value.split(".")).toHaveLength(5); // a compact JWE
    expect(await sessionTokens(cookie)).toEqual({ accessToken: "eyJhbGciOiJIUzI1NiJ9.e30.sig", refreshToken });
  });

  it("is no session once changed by a single character", async () => {
    const cookie = await sessionCookieFor({ refreshToken });
    // The third character from the end, swapped for another (choosing by a different character left the
    // cookie unchanged one time in 64).
    const at = cookie.length - 3;
    const tampered = cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
    expect(tampered).not.toBe(cookie);
    expect(await sessionTokens(tampered)).toEqual({ accessToken: undefined, refreshToken: undefined });
  });

  it("keeps cookies written with the previous secret readable after a rotation, and writes with the new one", async () => {
    useSecret(OLD);
    const before = await sessionCookieFor({ refreshToken });
    useSecret(`${NEW},${OLD}`);
    expect((await sessionTokens(before)).refreshToken).toBe(refreshToken);
    const after = await sessionCookieFor({ refreshToken });
    useSecret(NEW);
    expect((await sessionTokens(after)).refreshToken).toBe(refreshToken);
    // Once the old secret is dropped, its cookies open no more.
    expect((await sessionTokens(before)).refreshToken).toBeUndefined();
  });

  it("refuses a cookie sealed with another key under a copied key id", async () => {
    const [mine] = sessionKeys([NEW]);
    const [theirs] = sessionKeys([OLD]);
    const forged = await seal({ refreshToken }, [{ kid: mine.kid, key: theirs.key }]);
    expect(await unseal(forged, [mine])).toBeNull();
    expect(await unseal("not a jwe", [mine])).toBeNull();
  });

  it("opens a sealed value to a fresh object each time; a forged one, or one of other keys, never opens", async () => {
    const keys = sessionKeys([NEW]);
    const value = await seal({ refreshToken, accounts: [1, "two"] }, keys);
    const first = await unseal(value, keys);
    const again = await unseal(value, keys);
    expect(again).toEqual({ refreshToken, accounts: [1, "two"] });
    // Each read gets an object of its own (a page may change its session).
    expect(again).not.toBe(first);
    const parts = value.split(".");
    parts[3] = (parts[3].startsWith("A") ? "B" : "A") + parts[3].slice(1);
    expect(await unseal(parts.join("."), keys)).toBeNull();
    // Another set of keys (a rotation) opens its values itself.
    expect(await unseal(value, sessionKeys([OLD]))).toBeNull();
  });
});
