/** The body rules the API's gate finds for a request (api/service/uploads.ts bodyRulesOf), by method and path. */
import { describe, expect, it } from "vitest";
import { endpoints } from "../../api/contract/index.ts";
import { bodyRulesOf } from "../../api/service/uploads.ts";

const withIds = (path: string) => path.replace(/\{\w+\}/g, "123");

describe("the body rules of a request", () => {
  it("are found for every endpoint of the contract, as Express matches it (any case, a trailing slash)", () => {
    expect(endpoints.length).toBeGreaterThan(100);
    for (const endpoint of endpoints) {
      const method = endpoint.method.toUpperCase();
      const path = withIds(endpoint.path);
      for (const asked of [path, path.toUpperCase(), `${path}/`]) {
        const rules = bodyRulesOf(method, asked);
        expect(rules, `${method} ${asked}`).not.toBeNull();
        if (endpoint.auth !== "public") expect(rules!.auth, `${method} ${asked}`).toBe("bearer");
      }
    }
  });

  it("take HEAD as GET, and find nothing for an address or method no endpoint has", () => {
    expect(bodyRulesOf("HEAD", "/revision")).toEqual(bodyRulesOf("GET", "/revision"));
    expect(bodyRulesOf("GET", "/revision")).not.toBeNull();
    expect(bodyRulesOf("GET", "/no-such-thing/1")).toBeNull();
    expect(bodyRulesOf("DELETE", "/revision")).toBeNull();
    expect(bodyRulesOf("GET", "/")).toBeNull();
    expect(bodyRulesOf("GET", "/openapi.json")).toMatchObject({ auth: "public" });
  });

  it("give an upload endpoint its files and a larger body than a text form's", () => {
    const upload = endpoints.find((endpoint) => endpoint.uploads?.length);
    expect(upload).toBeDefined();
    const rules = bodyRulesOf(upload!.method.toUpperCase(), withIds(upload!.path))!;
    expect(rules.uploads.length).toBeGreaterThan(0);
    expect(rules.maxBytes).toBeGreaterThan(bodyRulesOf("GET", "/revision")!.maxBytes);
  });
});
