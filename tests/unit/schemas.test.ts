import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LoginSchema } from "../../app/schemas/login.ts";
import { SwitchAccountSchema } from "../../app/schemas/switch-account.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe("LoginSchema (browser and server)", () => {
  it("accepts a username and password, trimming the username", () => {
    const result = parseWithZod(form({ username: "  resi@example.com ", password: "Demo-Pass-2026" }), { schema: LoginSchema });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.username).toBe("resi@example.com");
  });

  it("names each missing field with its translation key", () => {
    const result = parseWithZod(form({ username: "   ", password: "" }), { schema: LoginSchema });
    expect(result.reply().error).toEqual({
      username: ["auth:login.usernameRequired"],
      password: ["auth:login.passwordRequired"],
    });
  });

  it("refuses values longer than any real username or password", () => {
    const result = parseWithZod(form({ username: `${"a".repeat(250)}@x.ca`, password: "p".repeat(201) }), { schema: LoginSchema });
    expect(result.reply().error).toEqual({
      username: ["auth:login.usernameTooLong"],
      password: ["auth:login.passwordTooLong"],
    });
  });
});

describe("SwitchAccountSchema", () => {
  it("takes a customer id and the page the switch was made from", () => {
    const result = parseWithZod(form({ customerId: "100202", returnTo: "/billing/100201" }), { schema: SwitchAccountSchema });
    expect(result.status === "success" && result.value).toEqual({ customerId: 100202, returnTo: "/billing/100201" });
  });

  it.each(["", "abc", "-5", "1.5"])("refuses the id %j", (customerId) => {
    const result = parseWithZod(form({ customerId }), { schema: SwitchAccountSchema });
    expect(result.status).toBe("error");
  });
});
