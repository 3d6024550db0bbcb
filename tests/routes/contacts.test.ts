/**
 * The contacts screens' loaders and actions in isolation (msw answers as the API): the list (commercial
 * and residential, read-only without the authoritative role), add, one contact and its roles (one's own
 * authoritative role only with the acknowledgement), remove (oneself included) and resend.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as contactRoute from "../../app/routes/contacts/contact.tsx";
import * as list from "../../app/routes/contacts/list.tsx";
import * as newContact from "../../app/routes/contacts/new.tsx";
import * as remove from "../../app/routes/contacts/remove.tsx";
import * as resend from "../../app/routes/contacts/resend.tsx";
import { commercialContacts, contact } from "../mocks/contacts.ts";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, notificationsAfter, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

/** A urlencoded body with repeated fields (several roles ticked). */
const encoded = (pairs: [string, string][]) => ({
  body: new URLSearchParams(pairs).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

/** The user's roles on the commercial account 200301 changed. */
function commercialRoles(roles: (typeof commercialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [residentialCustomer, { ...commercialCustomer, roles }] }),
    ),
  );
}

/** Records the bodies sent to an endpoint. */
function capture(key: Parameters<typeof on>[0], answer: () => Response) {
  const seen: FormData[] = [];
  server.use(
    on(key, async ({ request }) => {
      seen.push(await request.formData());
      return answer();
    }),
  );
  return seen;
}

const quiet = () => vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe("contacts list", () => {
  it("lists a commercial account's contacts with the account name, roles and activation status; an authoritative contact manages them", async () => {
    const result = await call(list.loader as Handler, "/contacts/200301", { customerId: "200301" });
    expect(result.status).toBe(200);
    expect(result.data.customerName).toBe("Harbourfront Logistics Inc.");
    expect(result.data.contacts.map((c: { email: string }) => c.email)).toEqual([
      "business@example.com",
      "noah.williams@harbourfront.example",
      "it@harbourfront.example",
    ]);
    expect(result.data.contacts[2].account_status).toBe("pending_activation");
    expect(result.data.roles).toEqual(["authoritative", "billing", "notify", "support"]);
    expect(result.data.canManage).toBe(true);
  });

  it("is read-only for a contact without the authoritative role", async () => {
    commercialRoles(["support", "notify"]);
    const result = await call(list.loader as Handler, "/contacts/200301", { customerId: "200301" });
    expect(result.data.canManage).toBe(false);
    expect(result.data.contacts).toHaveLength(3);
  });

  it("uses the residential endpoint and roles for a residential account, with its several addresses", async () => {
    const result = await call(list.loader as Handler, "/contacts/100101", { customerId: "100101" });
    expect(result.data.roles).toEqual(["authoritative", "billing", "support"]);
    expect(result.data.multipleAddresses).toBe(true);
    expect(result.data.contacts.find((c: { used_for_tv_go: boolean }) => c.used_for_tv_go).first_name).toBe("Ravi");
  });

  it("without an account goes to the active account's contacts; 404 for a malformed id, 403 for someone else's", async () => {
    const active = await call(list.loader as Handler, "/contacts", {});
    expect(active.location).toBe("/contacts/100101");
    expect((await call(list.loader as Handler, "/contacts/abc", { customerId: "abc" })).status).toBe(404);
    expect((await call(list.loader as Handler, "/contacts/999999", { customerId: "999999" })).status).toBe(403);
  });
});

describe("add a contact", () => {
  const valid: [string, string][] = [
    ["first_name", "Lena"],
    ["last_name", "Park"],
    ["email", "Lena.Park@Harbourfront.example"],
    ["phone", "416-555-0999"],
    ["roles", "billing"],
    ["roles", "notify"],
  ];

  it("sends the fields and every role ticked, then back to the list with a notification", async () => {
    const seen = capture("POST /customer/{id}/contacts", () =>
      reply("POST /customer/{id}/contacts", { success: true, contact_id: 30, invitation_expires_at: "2026-11-30T14:00:00Z" }),
    );
    const result = await call(newContact.action as Handler, "/contacts/200301/new", { customerId: "200301" }, encoded(valid));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/contacts/200301");
    expect(seen[0].getAll("roles")).toEqual(["billing", "notify"]);
    expect(seen[0].get("email")).toBe("Lena.Park@Harbourfront.example");
    expect(seen[0].get("first_name")).toBe("Lena");
    const [notification] = await notificationsAfter(result);
    expect(notification).toMatchObject({ type: "success", key: "contacts:add.notifyAdded", values: { name: "Lena Park" } });
  });

  it("refuses a name that would turn the text around it backwards, giving it back without the override", async () => {
    const seen = capture("POST /customer/{id}/contacts", () =>
      reply("POST /customer/{id}/contacts", { success: true, contact_id: 30, invitation_expires_at: "2026-11-30T14:00:00Z" }),
    );
    const named = valid.map(([name, value]): [string, string] =>
      name === "first_name" ? [name, "Zo\u00eb\u202egnp.exe"] : name === "last_name" ? [name, "\u2067Park\u2069"] : [name, value],
    );
    const result = await call(newContact.action as Handler, "/contacts/200301/new", { customerId: "200301" }, encoded(named));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      first_name: ["common:formErrors.controlCharacters"],
      last_name: ["common:formErrors.controlCharacters"],
    });
    expect(result.data.result.initialValue).toMatchObject({ first_name: "Zo\u00ebgnp.exe", last_name: "Park" });
    expect(seen).toHaveLength(0);
  });

  it("refuses a form without roles and with a bad e-mail, keeping what was typed", async () => {
    const result = await call(
      newContact.action as Handler,
      "/contacts/200301/new",
      { customerId: "200301" },
      encoded([
        ["first_name", "Lena"],
        ["last_name", "Park"],
        ["email", "lena@"],
      ]),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error.email).toEqual(["api:email.invalid"]);
    expect(result.data.result.error.roles).toEqual(["api:roles.required"]);
    expect(result.data.result.initialValue.first_name).toBe("Lena");
  });

  it("puts the API's refusal of an e-mail that is already a contact on the e-mail field", async () => {
    server.use(on("POST /customer/{id}/contacts", () => refuse(422, { email: ["email.already_a_contact"] })));
    const result = await call(newContact.action as Handler, "/contacts/200301/new", { customerId: "200301" }, encoded(valid));
    expect(result.status).toBe(422);
    expect(result.data.result.error.email).toEqual(["api:email.already_a_contact"]);
    expect(result.data.result.initialValue.last_name).toBe("Park");
  });

  it("adds to a residential account through its endpoint, and refuses the commercial-only notify role", async () => {
    const seen = capture("POST /residential-customer/{customerId}/contacts", () =>
      reply("POST /residential-customer/{customerId}/contacts", {
        success: true,
        contact_id: 31,
        invitation_expires_at: "2026-11-30T14:00:00Z",
      }),
    );
    const residential: [string, string][] = valid.filter(([name, value]) => !(name === "roles" && value === "notify"));
    const ok = await call(newContact.action as Handler, "/contacts/100101/new", { customerId: "100101" }, encoded(residential));
    expect(ok.location).toBe("/contacts/100101");
    expect(seen[0].getAll("roles")).toEqual(["billing"]);
    const refused = await call(newContact.action as Handler, "/contacts/100101/new", { customerId: "100101" }, encoded(valid));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.roles).toEqual(["api:roles.not_available"]);
  });

  it("is not offered to a contact without the authoritative role (403), and a post from one changes nothing", async () => {
    commercialRoles(["billing", "notify"]);
    const seen = capture("POST /customer/{id}/contacts", () => refuse(500));
    expect((await call(newContact.loader as Handler, "/contacts/200301/new", { customerId: "200301" })).status).toBe(403);
    const post = await call(newContact.action as Handler, "/contacts/200301/new", { customerId: "200301" }, encoded(valid));
    expect(post.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it("answers 415 to a body that is not a form, and 503 with the form kept when the API does not answer", async () => {
    const json = await call(
      newContact.action as Handler,
      "/contacts/200301/new",
      { customerId: "200301" },
      {
        body: "{}",
        headers: { "Content-Type": "application/json" },
      },
    );
    expect(json.status).toBe(415);
    server.use(on("POST /customer/{id}/contacts", () => refuse(503)));
    quiet();
    const down = await call(newContact.action as Handler, "/contacts/200301/new", { customerId: "200301" }, encoded(valid));
    expect(down.status).toBe(503);
    expect(down.data.result.error[""]).toEqual(["common:formErrors.unavailable"]);
  });
});

describe("one contact and its roles", () => {
  it("shows a contact of the account, with the roles form for others or one's own", async () => {
    const other = await call(contactRoute.loader as Handler, "/contacts/200301/12", { customerId: "200301", contactId: "12" });
    expect(other.data.contact.first_name).toBe("Noah");
    expect(other.data.schemaName).toBe("commercial");
    const own = await call(contactRoute.loader as Handler, "/contacts/200301/11", { customerId: "200301", contactId: "11" });
    expect(own.data.schemaName).toBe("commercialOwn");
    const gone = await call(contactRoute.loader as Handler, "/contacts/200301/99", { customerId: "200301", contactId: "99" });
    expect(gone.location).toBe("/contacts/200301");
    expect(await notificationsAfter(gone)).toEqual([expect.objectContaining({ key: "contacts:remove.gone", type: "info" })]);
    expect((await call(contactRoute.loader as Handler, "/contacts/200301/x", { customerId: "200301", contactId: "x" })).status).toBe(404);
  });

  it("changes roles with new_roles, then back to the list with 'Changed Contact Permissions Successfully'", async () => {
    const seen = capture("PUT /customer/{id}/contact/{contactId}", () =>
      reply("PUT /customer/{id}/contact/{contactId}", { success: true, roles: ["billing", "support"] }),
    );
    const result = await call(
      contactRoute.action as Handler,
      "/contacts/200301/12",
      { customerId: "200301", contactId: "12" },
      encoded([
        ["new_roles", "billing"],
        ["new_roles", "support"],
      ]),
    );
    expect(result.location).toBe("/contacts/200301");
    expect(seen[0].getAll("new_roles")).toEqual(["billing", "support"]);
    expect((await notificationsAfter(result))[0].key).toBe("contacts:edit.notifyChanged");
  });

  it("asks for the acknowledgement before one gives up one's own authoritative role", async () => {
    const seen = capture("PUT /customer/{id}/contact/{contactId}", () =>
      reply("PUT /customer/{id}/contact/{contactId}", { success: true, roles: ["billing"] }),
    );
    const params = { customerId: "200301", contactId: "11" };
    const refused = await call(contactRoute.action as Handler, "/contacts/200301/11", params, encoded([["new_roles", "billing"]]));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.acknowledge).toEqual(["contacts:edit.acknowledgeRequired"]);
    expect(seen).toHaveLength(0);
    const done = await call(
      contactRoute.action as Handler,
      "/contacts/200301/11",
      params,
      encoded([
        ["new_roles", "billing"],
        ["acknowledge", "on"],
      ]),
    );
    expect(done.status).toBe(302);
    expect(seen[0].getAll("new_roles")).toEqual(["billing"]);
  });

  it("shows the API's last-authoritative refusal on the roles, and refuses no role at all", async () => {
    server.use(on("PUT /customer/{id}/contact/{contactId}", () => refuse(422, { new_roles: ["new_roles.last_authoritative"] })));
    const params = { customerId: "200301", contactId: "11" };
    const last = await call(
      contactRoute.action as Handler,
      "/contacts/200301/11",
      params,
      encoded([
        ["new_roles", "billing"],
        ["acknowledge", "on"],
      ]),
    );
    expect(last.status).toBe(422);
    expect(last.data.result.error.new_roles).toEqual(["api:new_roles.last_authoritative"]);
    const none = await call(contactRoute.action as Handler, "/contacts/200301/12", { customerId: "200301", contactId: "12" }, encoded([]));
    expect(none.status).toBe(400);
    expect(none.data.result.error.new_roles).toEqual(["api:new_roles.required"]);
  });

  it("refuses a change from a contact without the authoritative role (403)", async () => {
    commercialRoles(["support"]);
    const result = await call(
      contactRoute.action as Handler,
      "/contacts/200301/12",
      { customerId: "200301", contactId: "12" },
      encoded([["new_roles", "billing"]]),
    );
    expect(result.status).toBe(403);
  });
});

describe("remove a contact", () => {
  const params = { customerId: "200301", contactId: "12" };

  it("removes another contact, then back to the list with 'Removed Contact Successfully'", async () => {
    let called = 0;
    server.use(
      on("DELETE /customer/{id}/contact/{contactId}", ({ params: p }) => {
        called = Number(p.contactId);
        return reply("DELETE /customer/{id}/contact/{contactId}", { success: true, removed_self: false });
      }),
    );
    const page = await call(remove.loader as Handler, "/contacts/200301/12/remove", params);
    expect(page.data.contact.first_name).toBe("Noah");
    const result = await call(remove.action as Handler, "/contacts/200301/12/remove", params, { form: {} });
    expect(called).toBe(12);
    expect(result.location).toBe("/contacts/200301");
    expect((await notificationsAfter(result))[0].key).toBe("contacts:remove.notifyRemoved");
  });

  it("removing oneself ends one's access: to the active account (another one) afterwards", async () => {
    server.use(
      on("DELETE /customer/{id}/contact/{contactId}", () =>
        reply("DELETE /customer/{id}/contact/{contactId}", { success: true, removed_self: true }),
      ),
    );
    const own = { customerId: "200301", contactId: "11" };
    const page = await call(remove.loader as Handler, "/contacts/200301/11/remove", own);
    expect(page.data.contact.is_current_user).toBe(true);
    const result = await call(remove.action as Handler, "/contacts/200301/11/remove", own, { form: {} });
    expect(result.location).toBe("/");

    // Back to the account's pages: no longer among the user's accounts, and the page says why.
    server.use(on("GET /dashboard", () => reply("GET /dashboard", { ...dashboard, customers: [residentialCustomer] })));
    const back = await callRoute<any>(list.loader as Handler, {
      url: "/contacts/200301",
      params: { customerId: "200301" },
      cookie: nextCookie(await signedInCookie(), result.setCookies),
      middleware: [requireUserMiddleware],
    });
    expect(back.status).toBe(403);
    expect(back.data).toEqual({ kind: "left-account", id: 200301, name: expect.any(String) });
    // Another account that never was the user's stays a plain 403.
    const other = await call(list.loader as Handler, "/contacts/200399", { customerId: "200399" });
    expect(other.data).toEqual({ kind: "forbidden" });
  });

  it("keeps the confirmation with the reason when the API refuses the last authoritative contact or a TV Go one", async () => {
    server.use(on("DELETE /customer/{id}/contact/{contactId}", () => refuse(422, { contact: ["contact.last_authoritative"] })));
    const last = await call(
      remove.action as Handler,
      "/contacts/200301/11/remove",
      { customerId: "200301", contactId: "11" },
      { form: {} },
    );
    expect(last.status).toBe(422);
    expect(last.data.result.error[""]).toEqual(["api:contact.last_authoritative"]);
    server.use(on("DELETE /customer/{id}/contact/{contactId}", () => refuse(422, { contact: ["contact.used_for_tv_go"] })));
    const tvGo = await call(remove.action as Handler, "/contacts/100101/3/remove", { customerId: "100101", contactId: "3" }, { form: {} });
    expect(tvGo.data.result.error[""]).toEqual(["api:contact.used_for_tv_go"]);
  });

  it("is refused (403) to a contact without the authoritative role", async () => {
    commercialRoles(["billing"]);
    expect((await call(remove.loader as Handler, "/contacts/200301/12/remove", params)).status).toBe(403);
  });
});

describe("resend an activation e-mail", () => {
  const params = { customerId: "200301", contactId: "13" };

  it("confirms, sends, and says until when the new link works", async () => {
    const page = await call(resend.loader as Handler, "/contacts/200301/13/resend", params);
    expect(page.data.contact.email).toBe("it@harbourfront.example");
    const result = await call(resend.action as Handler, "/contacts/200301/13/resend", params, { form: {} });
    expect(result.location).toBe("/contacts/200301");
    const [notification] = await notificationsAfter(result);
    expect(notification).toMatchObject({ key: "contacts:resend.notifySent", values: { email: "it@harbourfront.example" } });
    expect(String(notification.values?.date)).toMatch(/November 30, 2026/);
  });

  it("has nothing to send to an activated contact", async () => {
    const result = await call(resend.loader as Handler, "/contacts/200301/12/resend", { customerId: "200301", contactId: "12" });
    expect(result.location).toBe("/contacts/200301/12");
  });

  it("says so when too many links were sent (429), and when the contact activated meanwhile (422)", async () => {
    quiet();
    server.use(on("POST /customer/{id}/contact/{contactId}/resend-activation", () => refuse(429)));
    const limited = await call(resend.action as Handler, "/contacts/200301/13/resend", params, { form: {} });
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""]).toEqual(["common:formErrors.rateLimited"]);
    server.use(
      on("POST /customer/{id}/contact/{contactId}/resend-activation", () => refuse(422, { contact: ["contact.already_activated"] })),
    );
    const activated = await call(resend.action as Handler, "/contacts/200301/13/resend", params, { form: {} });
    expect(activated.data.result.error[""]).toEqual(["api:contact.already_activated"]);
  });
});

describe("fixtures", () => {
  it("the pending contact's invitation is live", () => {
    expect(commercialContacts.contacts.find((c) => c.account_status === "pending_activation")?.invitation?.expired).toBe(false);
    expect(contact().is_current_user).toBe(true);
  });
});
