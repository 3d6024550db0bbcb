import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import {
  ActivationResentAnswer,
  CommercialContactsAnswer,
  ContactActivatedAnswer,
  ContactActivationAnswer,
  ContactAddedAnswer,
  ContactRemovedAnswer,
  ContactRolesChangedAnswer,
  ResidentialContactsAnswer,
  type Contact,
} from "#contract/contacts";
import { DashboardAnswer } from "#contract/dashboard";
import { DEMO_CONTACT_TOKENS } from "../../api/db/seed/contacts.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD, NOW } from "./support/constants.ts";

// Demo accounts (api/db/seed/core.ts): resi@example.com is authoritative on 100101; family@example.com
// on 100201-100203; business@example.com on most of 200301-200312, but only support+notify on 200304
// and billing+notify on 200305.
const RESI = 100101;
const FAMILY_HOME = 100201;
const FAMILY_CONDO = 100202;
const FAMILY_PARENTS = 100203;
const HARBOURFRONT = 200301;
const BUSINESS_SUPPORT_ONLY = 200304;
const BUSINESS_BILLING_ONLY = 200305;
const DAY = 86_400_000;

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

async function contactId(customerId: number, email: string): Promise<number> {
  const row = await api.db.one<{ id: number }>("SELECT id FROM contacts WHERE customer_id = $1 AND email = $2", [customerId, email]);
  if (!row) throw new Error(`No contact ${email} on ${customerId}`);
  return row.id;
}

async function commercialContacts(token: string, customerId: number): Promise<Contact[]> {
  const { status, body } = await api.call("GET", `/customer/${customerId}/contacts`, { token });
  expect(status).toBe(200);
  return CommercialContactsAnswer.parse(body).contacts;
}

async function residentialContacts(token: string, customerId: number): Promise<Contact[]> {
  const { status, body } = await api.call("GET", `/residential-customer/${customerId}/contacts`, { token });
  expect(status).toBe(200);
  return ResidentialContactsAnswer.parse(body).contacts;
}

/** The token of the last activation e-mail queued for an address (what the mail would link to). */
async function mailedToken(email: string): Promise<{ customerId: number; token: string }> {
  const row = await api.db.one<{ link_path: string; body_text: string }>(
    "SELECT link_path, body_text FROM email_outbox WHERE to_address = $1 AND template = 'contact_activation' ORDER BY id DESC LIMIT 1",
    [email],
  );
  if (!row) throw new Error(`No activation e-mail to ${email}`);
  expect(row.body_text).toContain(`{{portal_url}}${row.link_path}`);
  const [, , customerId, token] = row.link_path.split("/");
  return { customerId: Number(customerId), token: decodeURIComponent(token) };
}

const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};

describe("GET /customer/{id}/contacts", () => {
  it("lists a commercial account's contacts with the account name, the user's own row and pending invitations", async () => {
    const { status, body } = await api.call("GET", `/customer/${HARBOURFRONT}/contacts`, { token: business });
    expect(status).toBe(200);
    const answer = CommercialContactsAnswer.parse(body);
    expect(answer.customer_name).toBe("Harbourfront Logistics Inc.");
    const priya = answer.contacts.find((c) => c.email === "business@example.com")!;
    expect(priya).toMatchObject({
      is_current_user: true,
      account_status: "activated",
      roles: ["authoritative", "billing", "notify", "support"],
      invitation: null,
    });
    const itDesk = answer.contacts.find((c) => c.email === DEMO_CONTACT_TOKENS.itDesk.email)!;
    expect(itDesk.account_status).toBe("pending_activation");
    expect(itDesk.is_current_user).toBe(false);
    expect(itDesk.invitation).toMatchObject({ expired: false });
    expect(answer.contacts.filter((c) => c.is_current_user)).toHaveLength(1);
  });

  it("lets any activated contact list them, not only authoritative ones", async () => {
    const contacts = await commercialContacts(business, BUSINESS_SUPPORT_ONLY);
    expect(contacts.find((c) => c.is_current_user)?.roles).toEqual(["notify", "support"]);
    expect(contacts.some((c) => c.roles.includes("authoritative"))).toBe(true);
  });

  it("answers 401 without a token, 403 for someone else's or an unknown account, 404 for a residential one", async () => {
    expect((await api.call("GET", `/customer/${HARBOURFRONT}/contacts`)).status).toBe(401);
    expect((await api.call("GET", `/customer/${HARBOURFRONT}/contacts`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/customer/999999/contacts", { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/customer/${RESI}/contacts`, { token: resi })).status).toBe(404);
  });
});

describe("GET /residential-customer/{customerId}/contacts", () => {
  it("lists a residential account's contacts, with the TV Go contact and whether there are several addresses", async () => {
    const { status, body } = await api.call("GET", `/residential-customer/${RESI}/contacts`, { token: resi });
    expect(status).toBe(200);
    const answer = ResidentialContactsAnswer.parse(body);
    expect(answer.has_multiple_service_addresses).toBe(false);
    expect(answer.contacts.find((c) => c.is_current_user)?.email).toBe("resi@example.com");
    expect(answer.contacts.find((c) => c.email === "ravi.singh@example.com")?.used_for_tv_go).toBe(true);
    expect(answer.contacts.find((c) => c.email === "arjun.singh@example.com")).toMatchObject({
      account_status: "pending_activation",
      invitation: { expired: false },
    });

    const parents = ResidentialContactsAnswer.parse(
      (await api.call("GET", `/residential-customer/${FAMILY_PARENTS}/contacts`, { token: family })).body,
    );
    expect(parents.has_multiple_service_addresses).toBe(true);
    const condo = await residentialContacts(family, FAMILY_CONDO);
    expect(condo.find((c) => c.email === DEMO_CONTACT_TOKENS.lea.email)?.invitation?.expired).toBe(true);
  });

  it("is open to a contact without the authoritative role", async () => {
    const sam = await api.signIn("sam.gagnon@example.com");
    const contacts = await residentialContacts(sam, FAMILY_HOME);
    expect(contacts.find((c) => c.is_current_user)?.roles).toEqual(["billing", "support"]);
  });

  it("answers 401, 403 for someone else's account, 404 for a commercial one", async () => {
    expect((await api.call("GET", `/residential-customer/${RESI}/contacts`)).status).toBe(401);
    expect((await api.call("GET", `/residential-customer/${RESI}/contacts`, { token: family })).status).toBe(403);
    expect((await api.call("GET", `/residential-customer/${HARBOURFRONT}/contacts`, { token: business })).status).toBe(404);
  });
});

describe("POST /customer/{id}/contacts", () => {
  it("adds a pending contact from form data, stores only the token's hash and queues the activation e-mail", async () => {
    const { status, body } = await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, {
      token: business,
      form: {
        first_name: " Omar ",
        last_name: "Haddad",
        email: "Omar.Haddad@Harbourfront.example",
        phone: "416-555-0901",
        roles: ["support", "billing"],
      },
    });
    expect(status).toBe(201);
    const answer = ContactAddedAnswer.parse(body);
    expect(answer.invitation_expires_at).toBe(new Date(NOW.getTime() + 7 * DAY).toISOString());

    const omar = (await commercialContacts(business, HARBOURFRONT)).find((c) => c.contact_id === answer.contact_id)!;
    expect(omar).toMatchObject({
      first_name: "Omar",
      email: "omar.haddad@harbourfront.example",
      account_status: "pending_activation",
      roles: ["billing", "support"],
      is_current_user: false,
      invitation: { sent_at: NOW.toISOString(), expired: false },
    });

    const mail = await mailedToken("omar.haddad@harbourfront.example");
    expect(mail.customerId).toBe(HARBOURFRONT);
    const stored = await api.db.query<{ token_hash: string }>("SELECT token_hash FROM contact_activations WHERE contact_id = $1", [
      answer.contact_id,
    ]);
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(mail.token).digest("hex") }]);
  });

  it("refuses an e-mail that is already a contact of the account, whatever its case", async () => {
    const { status, body } = await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, {
      token: business,
      json: { first_name: "IT", last_name: "Again", email: " IT@HarbourfrontLogi.example ", roles: ["support"] },
    });
    expect(status).toBe(422);
    expect(errorsOf(body).email).toEqual(["email.already_a_contact"]);
  });

  it("answers field error codes for missing names, a bad e-mail or phone, no roles and an unknown role", async () => {
    const empty = await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, {
      token: business,
      json: { first_name: "  ", email: "not-an-email", phone: "call me" },
    });
    expect(empty.status).toBe(422);
    expect(errorsOf(empty.body)).toEqual({
      first_name: ["first_name.required"],
      last_name: ["last_name.required"],
      email: ["email.invalid"],
      phone: ["phone.invalid"],
      roles: ["roles.required"],
    });
    const owner = await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, {
      token: business,
      json: { first_name: "A", last_name: "B", email: "a.b@example.com", roles: ["billing", "owner"] },
    });
    expect(owner.status).toBe(422);
    expect(errorsOf(owner.body).roles).toEqual(["roles.not_available"]);
  });

  it("answers 403 to contacts without the authoritative role and to other customers' users, and adds nothing", async () => {
    const person = { first_name: "Eve", last_name: "Stone", email: "eve.stone@example.com", roles: ["authoritative"] };
    expect((await api.call("POST", `/customer/${BUSINESS_SUPPORT_ONLY}/contacts`, { token: business, json: person })).status).toBe(403);
    expect((await api.call("POST", `/customer/${BUSINESS_BILLING_ONLY}/contacts`, { token: business, json: person })).status).toBe(403);
    expect((await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, { token: resi, json: person })).status).toBe(403);
    expect((await api.call("POST", `/customer/${HARBOURFRONT}/contacts`, { json: person })).status).toBe(401);
    expect(await api.db.one("SELECT 1 FROM contacts WHERE email = 'eve.stone@example.com'")).toBeUndefined();
  });

  it("answers 404 on a residential account", async () => {
    const { status } = await api.call("POST", `/customer/${FAMILY_CONDO}/contacts`, {
      token: family,
      json: { first_name: "A", last_name: "B", email: "a.b@example.com", roles: ["support"] },
    });
    expect(status).toBe(404);
  });
});

describe("POST /residential-customer/{customerId}/contacts", () => {
  it("adds a pending contact with residential roles", async () => {
    const { status, body } = await api.call("POST", `/residential-customer/${RESI}/contacts`, {
      token: resi,
      json: { first_name: "Nina", last_name: "Singh", email: "nina.singh@example.com", roles: ["support", "billing"] },
    });
    expect(status).toBe(201);
    const { contact_id } = ContactAddedAnswer.parse(body);
    const nina = (await residentialContacts(resi, RESI)).find((c) => c.contact_id === contact_id);
    expect(nina).toMatchObject({ account_status: "pending_activation", roles: ["billing", "support"], phone: null });
    expect((await mailedToken("nina.singh@example.com")).customerId).toBe(RESI);
  });

  it("refuses the commercial-only notify role and an e-mail already on the account", async () => {
    const notify = await api.call("POST", `/residential-customer/${RESI}/contacts`, {
      token: resi,
      json: { first_name: "Kai", last_name: "Singh", email: "kai.singh@example.com", roles: ["notify"] },
    });
    expect(notify.status).toBe(422);
    expect(errorsOf(notify.body).roles).toEqual(["roles.not_available"]);
    const twice = await api.call("POST", `/residential-customer/${RESI}/contacts`, {
      token: resi,
      form: { first_name: "Arjun", last_name: "Singh", email: "Arjun.Singh@example.com", roles: "support" },
    });
    expect(twice.status).toBe(422);
    expect(errorsOf(twice.body).email).toEqual(["email.already_a_contact"]);
  });

  it("answers 403 to a contact without the authoritative role, 404 on a commercial account", async () => {
    const sam = await api.signIn("sam.gagnon@example.com");
    const person = { first_name: "Zoé", last_name: "Gagnon", email: "zoe.gagnon@example.com", roles: ["support"] };
    expect((await api.call("POST", `/residential-customer/${FAMILY_HOME}/contacts`, { token: sam, json: person })).status).toBe(403);
    expect((await api.call("POST", `/residential-customer/${FAMILY_HOME}/contacts`, { token: resi, json: person })).status).toBe(403);
    expect((await api.call("POST", `/residential-customer/${HARBOURFRONT}/contacts`, { token: business, json: person })).status).toBe(404);
  });
});

describe("PUT /customer/{id}/contact/{contactId}", () => {
  it("replaces a contact's roles (JSON or a single form field)", async () => {
    const noah = await contactId(HARBOURFRONT, "noah.williams@harbourfrontlogi.example");
    const { status, body } = await api.call("PUT", `/customer/${HARBOURFRONT}/contact/${noah}`, {
      token: business,
      json: { new_roles: ["support", "notify"] },
    });
    expect(status).toBe(200);
    expect(ContactRolesChangedAnswer.parse(body).roles).toEqual(["notify", "support"]);
    expect((await commercialContacts(business, HARBOURFRONT)).find((c) => c.contact_id === noah)?.roles).toEqual(["notify", "support"]);

    const single = await api.call("PUT", `/customer/${HARBOURFRONT}/contact/${noah}`, { token: business, form: { new_roles: "billing" } });
    expect(ContactRolesChangedAnswer.parse(single.body).roles).toEqual(["billing"]);
  });

  it("keeps the last activated authoritative contact authoritative; a pending one does not count", async () => {
    const jordan = await contactId(FAMILY_CONDO, "family@example.com");
    await api.call("POST", `/residential-customer/${FAMILY_CONDO}/contacts`, {
      token: family,
      json: { first_name: "Paul", last_name: "Gagnon", email: "paul.gagnon@example.com", roles: ["authoritative"] },
    });
    const { status, body } = await api.call("PUT", `/customer/${FAMILY_CONDO}/contact/${jordan}`, {
      token: family,
      json: { new_roles: ["billing", "support"] },
    });
    expect(status).toBe(422);
    expect(errorsOf(body).new_roles).toEqual(["new_roles.last_authoritative"]);
    expect((await residentialContacts(family, FAMILY_CONDO)).find((c) => c.contact_id === jordan)?.roles).toContain("authoritative");
  });

  it("refuses a role outside the account type's set, and an empty list", async () => {
    const lea = await contactId(FAMILY_CONDO, DEMO_CONTACT_TOKENS.lea.email);
    const notify = await api.call("PUT", `/customer/${FAMILY_CONDO}/contact/${lea}`, {
      token: family,
      json: { new_roles: ["support", "notify"] },
    });
    expect(notify.status).toBe(422);
    expect(errorsOf(notify.body).new_roles).toEqual(["new_roles.not_available"]);
    const none = await api.call("PUT", `/customer/${FAMILY_CONDO}/contact/${lea}`, { token: family, json: { new_roles: [] } });
    expect(errorsOf(none.body).new_roles).toEqual(["new_roles.required"]);
  });

  it("lets an authoritative contact demote themselves when another one remains, after which they may only list", async () => {
    const jordan = await contactId(FAMILY_PARENTS, "family@example.com");
    const { status } = await api.call("PUT", `/customer/${FAMILY_PARENTS}/contact/${jordan}`, {
      token: family,
      json: { new_roles: ["billing"] },
    });
    expect(status).toBe(200);
    expect(
      (await api.call("PUT", `/customer/${FAMILY_PARENTS}/contact/${jordan}`, { token: family, json: { new_roles: ["authoritative"] } }))
        .status,
    ).toBe(403);
    expect((await residentialContacts(family, FAMILY_PARENTS)).find((c) => c.is_current_user)?.roles).toEqual(["billing"]);
  });

  it("answers 403 without the authoritative role or on someone else's account, 404 for a contact of another account", async () => {
    const grace = await contactId(BUSINESS_SUPPORT_ONLY, "grace.kim@donvalleymanufac.example");
    expect(
      (await api.call("PUT", `/customer/${BUSINESS_SUPPORT_ONLY}/contact/${grace}`, { token: business, json: { new_roles: ["support"] } }))
        .status,
    ).toBe(403);
    expect(
      (await api.call("PUT", `/customer/${BUSINESS_SUPPORT_ONLY}/contact/${grace}`, { token: resi, json: { new_roles: ["support"] } }))
        .status,
    ).toBe(403);
    expect(
      (await api.call("PUT", `/customer/${BUSINESS_SUPPORT_ONLY}/contact/${grace}`, { json: { new_roles: ["support"] } })).status,
    ).toBe(401);
    const arjun = await contactId(RESI, "arjun.singh@example.com");
    expect(
      (await api.call("PUT", `/customer/${HARBOURFRONT}/contact/${arjun}`, { token: business, json: { new_roles: ["support"] } })).status,
    ).toBe(404);
    expect(
      (await api.call("PUT", `/customer/${HARBOURFRONT}/contact/abc`, { token: business, json: { new_roles: ["support"] } })).status,
    ).toBe(404);
  });
});

describe("DELETE /customer/{id}/contact/{contactId}", () => {
  it("removes a contact", async () => {
    const aisha = await contactId(200302, "aisha.mohamed@kensingtondental.example");
    const { status, body } = await api.call("DELETE", `/customer/200302/contact/${aisha}`, { token: business });
    expect(status).toBe(200);
    expect(ContactRemovedAnswer.parse(body).removed_self).toBe(false);
    expect((await commercialContacts(business, 200302)).some((c) => c.contact_id === aisha)).toBe(false);
  });

  it("refuses to remove a contact used for TV Go, and the last authoritative contact", async () => {
    const ravi = await contactId(RESI, "ravi.singh@example.com");
    const tvGo = await api.call("DELETE", `/customer/${RESI}/contact/${ravi}`, { token: resi });
    expect(tvGo.status).toBe(422);
    expect(errorsOf(tvGo.body).contact).toEqual(["contact.used_for_tv_go"]);

    const maya = await contactId(RESI, "resi@example.com");
    const last = await api.call("DELETE", `/customer/${RESI}/contact/${maya}`, { token: resi });
    expect(last.status).toBe(422);
    expect(errorsOf(last.body).contact).toEqual(["contact.last_authoritative"]);
    expect((await residentialContacts(resi, RESI)).map((c) => c.contact_id)).toEqual(expect.arrayContaining([ravi, maya]));
  });

  it("lets a user remove themselves when another authoritative contact remains, which ends their access", async () => {
    const lucas = await contactId(200303, "lucas.bouchard@libertyvillagest.example");
    const priya = await contactId(200303, "business@example.com");
    expect(
      (await api.call("PUT", `/customer/200303/contact/${lucas}`, { token: business, json: { new_roles: ["authoritative", "billing"] } }))
        .status,
    ).toBe(200);
    const { status, body } = await api.call("DELETE", `/customer/200303/contact/${priya}`, { token: business });
    expect(status).toBe(200);
    expect(ContactRemovedAnswer.parse(body).removed_self).toBe(true);
    expect((await api.call("GET", "/customer/200303/contacts", { token: business })).status).toBe(403);
    const dashboard = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: business })).body);
    expect(dashboard.customers.map((c) => c.customer_id)).not.toContain(200303);
  });

  it("lets the demo's leaving@example.com remove himself from one of his two accounts and keep the other", async () => {
    const leaving = await api.signIn("leaving@example.com");
    const before = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: leaving })).body);
    expect(before.customers.map((c) => c.customer_id).sort()).toEqual([200310, 200312]);
    const daniel = await contactId(200310, "leaving@example.com");
    const { status, body } = await api.call("DELETE", `/customer/200310/contact/${daniel}`, { token: leaving });
    expect(status).toBe(200);
    expect(ContactRemovedAnswer.parse(body).removed_self).toBe(true);
    const after = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: leaving })).body);
    expect(after.customers.map((c) => c.customer_id)).toEqual([200312]);
    expect((await api.call("GET", "/customer/200310/contacts", { token: leaving })).status).toBe(403);
  });

  it("answers 403 without the authoritative role, 401 without a token, 404 for an unknown contact", async () => {
    const noah = await contactId(BUSINESS_BILLING_ONLY, "noah.williams@queenwestarchite.example");
    expect((await api.call("DELETE", `/customer/${BUSINESS_BILLING_ONLY}/contact/${noah}`, { token: business })).status).toBe(403);
    expect((await api.call("DELETE", `/customer/${BUSINESS_BILLING_ONLY}/contact/${noah}`)).status).toBe(401);
    expect((await api.call("DELETE", `/customer/${HARBOURFRONT}/contact/999999`, { token: business })).status).toBe(404);
    expect(await api.db.one("SELECT 1 FROM contacts WHERE id = $1", [noah])).toBeDefined();
  });

  it("never leaves an account without an authoritative contact when two of them step down at once", async () => {
    const sam = await api.signIn("sam.gagnon@example.com");
    const samId = await contactId(FAMILY_HOME, "sam.gagnon@example.com");
    const jordanId = await contactId(FAMILY_HOME, "family@example.com");
    await api.call("PUT", `/customer/${FAMILY_HOME}/contact/${samId}`, {
      token: family,
      json: { new_roles: ["authoritative", "billing", "support"] },
    });

    // Each sees the other as authoritative; only one of them may go.
    const answers = await Promise.all([
      api.call("PUT", `/customer/${FAMILY_HOME}/contact/${jordanId}`, { token: family, json: { new_roles: ["billing"] } }),
      api.call("PUT", `/customer/${FAMILY_HOME}/contact/${samId}`, { token: sam, json: { new_roles: ["billing"] } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(errorsOf(refused.body).new_roles).toEqual(["new_roles.last_authoritative"]);
    const left = await api.db.query<{ id: number }>(
      "SELECT id FROM contacts WHERE customer_id = $1 AND status = 'activated' AND 'authoritative' = ANY(roles)",
      [FAMILY_HOME],
    );
    expect(left).toHaveLength(1);
  });
});

describe("activation links", () => {
  it("show who a demo link is for, without signing in", async () => {
    const { itDesk } = DEMO_CONTACT_TOKENS;
    const { status, body } = await api.call("GET", `/activate-customer-contact/${itDesk.customerId}/${itDesk.token}`);
    expect(status).toBe(200);
    expect(ContactActivationAnswer.parse(body)).toMatchObject({
      customer_name: "Harbourfront Logistics Inc.",
      first_name: "IT",
      email: itDesk.email,
      has_account: false,
    });
  });

  it("answer 404 for an unknown or malformed token, another account's id, and an expired link", async () => {
    const { itDesk, lea } = DEMO_CONTACT_TOKENS;
    expect((await api.call("GET", `/activate-customer-contact/${itDesk.customerId}/unknown-token-0123456789`)).status).toBe(404);
    expect((await api.call("GET", `/activate-customer-contact/${itDesk.customerId}/x`)).status).toBe(404);
    expect((await api.call("GET", `/activate-customer-contact/${RESI}/${itDesk.token}`)).status).toBe(404);
    expect((await api.call("GET", `/activate-customer-contact/${lea.customerId}/${lea.token}`)).status).toBe(404);
    const post = await api.call("POST", `/activate-customer-contact/${lea.customerId}/${lea.token}`, {
      json: { password: "Good-Pass-1", password_confirmation: "Good-Pass-1" },
    });
    expect(post.status).toBe(404);
  });

  it("create a sign-in with a password that follows the rules, once", async () => {
    const { itDesk } = DEMO_CONTACT_TOKENS;
    const path = `/activate-customer-contact/${itDesk.customerId}/${itDesk.token}`;
    const weak = await api.call("POST", path, { form: { password: "short", password_confirmation: "other" } });
    expect(weak.status).toBe(422);
    expect(errorsOf(weak.body)).toEqual({
      password: ["password.too_short", "password.missing_uppercase"],
      password_confirmation: ["password_confirmation.mismatch"],
    });
    expect(
      errorsOf((await api.call("POST", path, { json: { password: "ALLUPPER1", password_confirmation: "ALLUPPER1" } })).body).password,
    ).toEqual(["password.missing_lowercase"]);

    const { status, body } = await api.call("POST", path, {
      form: { password: "Desk-Pass-2026", password_confirmation: "Desk-Pass-2026" },
    });
    expect(status).toBe(200);
    expect(ContactActivatedAnswer.parse(body)).toEqual({ success: true, username: itDesk.email, account_created: true });

    const desk = await api.signIn(itDesk.email, "Desk-Pass-2026");
    const me = (await commercialContacts(desk, HARBOURFRONT)).find((c) => c.is_current_user)!;
    expect(me).toMatchObject({ email: itDesk.email, account_status: "activated", invitation: null });

    const again = await api.call("POST", path, { json: { password: "Other-Pass-2026", password_confirmation: "Other-Pass-2026" } });
    expect(again.status).toBe(404);
    expect((await api.call("GET", path)).status).toBe(404);
    expect((await api.call("POST", "/auth/access-token", { json: { username: itDesk.email, password: "Other-Pass-2026" } })).status).toBe(
      401,
    );
  });

  it("link the contact to an existing sign-in with that e-mail, only with its password", async () => {
    await api.call("POST", `/residential-customer/${FAMILY_CONDO}/contacts`, {
      token: family,
      json: { first_name: "Sam", last_name: "Gagnon", email: "sam.gagnon@example.com", roles: ["billing"] },
    });
    const { customerId, token } = await mailedToken("sam.gagnon@example.com");
    const path = `/activate-customer-contact/${customerId}/${token}`;
    expect(ContactActivationAnswer.parse((await api.call("GET", path)).body).has_account).toBe(true);

    const wrong = await api.call("POST", path, { json: { password: "Not-His-Pass-1", password_confirmation: "Not-His-Pass-1" } });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.body).password).toEqual(["password.incorrect"]);

    const { status, body } = await api.call("POST", path, { json: { password: DEMO_PASSWORD } });
    expect(status).toBe(200);
    expect(ContactActivatedAnswer.parse(body)).toEqual({ success: true, username: "sam.gagnon@example.com", account_created: false });
    const sam = await api.signIn("sam.gagnon@example.com");
    const dashboard = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: sam })).body);
    expect(dashboard.customers.map((c) => c.customer_id)).toContain(FAMILY_CONDO);
  });

  it("stop working after five wrong passwords", async () => {
    await api.call("POST", "/customer/200306/contacts", {
      token: business,
      json: { first_name: "Maya", last_name: "Singh", email: "resi@example.com", roles: ["notify"] },
    });
    const { customerId, token } = await mailedToken("resi@example.com");
    const path = `/activate-customer-contact/${customerId}/${token}`;
    for (let i = 0; i < 5; i++) {
      expect((await api.call("POST", path, { json: { password: `Wrong-Pass-${i}` } })).status).toBe(422);
    }
    expect((await api.call("POST", path, { json: { password: DEMO_PASSWORD } })).status).toBe(404);
    const listed = (await commercialContacts(business, 200306)).find((c) => c.email === "resi@example.com")!;
    expect(listed.account_status).toBe("pending_activation");
    expect(listed.invitation?.expired).toBe(true);
  });

  it("expire after seven days", async () => {
    const added = ContactAddedAnswer.parse(
      (
        await api.call("POST", "/customer/200307/contacts", {
          token: business,
          json: { first_name: "Tara", last_name: "Nguyen", email: "tara.nguyen@example.com", roles: ["support"] },
        })
      ).body,
    );
    const { customerId, token } = await mailedToken("tara.nguyen@example.com");
    const path = `/activate-customer-contact/${customerId}/${token}`;
    api.clock.now = new Date(new Date(added.invitation_expires_at).getTime() - 60_000);
    try {
      expect((await api.call("GET", path)).status).toBe(200);
      api.clock.now = new Date(added.invitation_expires_at);
      expect((await api.call("GET", path)).status).toBe(404);
      expect((await api.call("POST", path, { json: { password: "Tara-Pass-2026", password_confirmation: "Tara-Pass-2026" } })).status).toBe(
        404,
      );
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("POST /customer/{id}/contact/{contactId}/resend-activation", () => {
  it("sends a new link and ends the old one", async () => {
    const { arjun } = DEMO_CONTACT_TOKENS;
    const oldPath = `/activate-customer-contact/${arjun.customerId}/${arjun.token}`;
    expect((await api.call("GET", oldPath)).status).toBe(200);

    const id = await contactId(RESI, arjun.email);
    const { status, body } = await api.call("POST", `/customer/${RESI}/contact/${id}/resend-activation`, { token: resi });
    expect(status).toBe(200);
    expect(ActivationResentAnswer.parse(body).invitation_expires_at).toBe(new Date(NOW.getTime() + 7 * DAY).toISOString());

    expect((await api.call("GET", oldPath)).status).toBe(404);
    const fresh = await mailedToken(arjun.email);
    expect(fresh.token).not.toBe(arjun.token);
    const newPath = `/activate-customer-contact/${fresh.customerId}/${fresh.token}`;
    expect(ContactActivationAnswer.parse((await api.call("GET", newPath)).body).email).toBe(arjun.email);
    const done = await api.call("POST", newPath, { json: { password: "Arjun-Pass-2026", password_confirmation: "Arjun-Pass-2026" } });
    expect(ContactActivatedAnswer.parse(done.body).account_created).toBe(true);
  });

  it("renews an expired link", async () => {
    const lea = await contactId(FAMILY_CONDO, DEMO_CONTACT_TOKENS.lea.email);
    expect((await api.call("POST", `/customer/${FAMILY_CONDO}/contact/${lea}/resend-activation`, { token: family })).status).toBe(200);
    const { customerId, token } = await mailedToken(DEMO_CONTACT_TOKENS.lea.email);
    expect((await api.call("GET", `/activate-customer-contact/${customerId}/${token}`)).status).toBe(200);
    expect((await residentialContacts(family, FAMILY_CONDO)).find((c) => c.contact_id === lea)?.invitation?.expired).toBe(false);
  });

  it("sends at most three links an hour to one contact", async () => {
    const added = ContactAddedAnswer.parse(
      (
        await api.call("POST", "/customer/200308/contacts", {
          token: business,
          json: { first_name: "Ines", last_name: "Costa", email: "ines.costa@example.com", roles: ["notify"] },
        })
      ).body,
    );
    const path = `/customer/200308/contact/${added.contact_id}/resend-activation`;
    expect((await api.call("POST", path, { token: business })).status).toBe(200);
    expect((await api.call("POST", path, { token: business })).status).toBe(200);
    expect((await api.call("POST", path, { token: business })).status).toBe(429);
    api.clock.now = new Date(NOW.getTime() + 61 * 60_000);
    try {
      const later = await api.signIn("business@example.com");
      expect((await api.call("POST", path, { token: later })).status).toBe(200);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("refuses an activated contact", async () => {
    const ravi = await contactId(RESI, "ravi.singh@example.com");
    const { status, body } = await api.call("POST", `/customer/${RESI}/contact/${ravi}/resend-activation`, { token: resi });
    expect(status).toBe(422);
    expect(errorsOf(body).contact).toEqual(["contact.already_activated"]);
  });

  it("answers 403 without the authoritative role or on someone else's account, 401 without a token", async () => {
    const itDesk = await contactId(BUSINESS_BILLING_ONLY, "it@queenwestarchite.example");
    const path = `/customer/${BUSINESS_BILLING_ONLY}/contact/${itDesk}/resend-activation`;
    expect((await api.call("POST", path, { token: business })).status).toBe(403);
    expect((await api.call("POST", path, { token: family })).status).toBe(403);
    expect((await api.call("POST", path)).status).toBe(401);
    expect(await api.db.one("SELECT 1 FROM email_outbox WHERE to_address = 'it@queenwestarchite.example'")).toBeUndefined();
  });
});

describe("the contract", () => {
  it("lists the contacts endpoints and their error codes in the OpenAPI document", async () => {
    const { body } = await api.call("GET", "/openapi.json");
    expect(body.paths["/customer/{id}/contact/{contactId}"].delete["x-error-codes"]).toEqual([
      "contact.last_authoritative",
      "contact.used_for_tv_go",
    ]);
    expect(body.paths["/activate-customer-contact/{customerId}/{contactToken}"].post.security).toEqual([]);
  });
});
