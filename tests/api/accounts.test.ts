import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountDetailsAnswer, CurrentUserAnswer, ProfileDetailsAnswer } from "#contract/accounts";
import { AccessTokenAnswer } from "#contract/auth";
import { ErrorAnswer, SuccessAnswer } from "#contract/common";
import { ResidentialDashboardAnswer } from "#contract/dashboard";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD } from "./support/constants.ts";

// Demo accounts (api/db/seed/core.ts, accounts.ts): resi@example.com is authoritative on 100101
// (paperless, English); family@example.com on 100201-100203; sam.gagnon@example.com is billing+support
// on 100201 only; business@example.com is on the commercial accounts 200301-200312.
const RESI = 100101;
const HOME = 100201;
const CONDO = 100202;
const PARENTS = 100203;
const COMMERCIAL = 200301;

let api: TestApi;
let resi: string;
let family: string;
let sam: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, sam, business] = await api.signInAll(
    "resi@example.com",
    "family@example.com",
    "sam.gagnon@example.com",
    "business@example.com",
  );
});
afterAll(() => api.close());

function expectRefused(response: { status: number; body: unknown }, field: string, codes: string[]) {
  expect(response.status).toBe(422);
  expect(ErrorAnswer.parse(response.body).errors?.[field]).toEqual(codes);
}

async function accountDetails(token: string, customerId: number) {
  const { status, body } = await api.call("GET", `/account-details/${customerId}`, { token });
  expect(status).toBe(200);
  return AccountDetailsAnswer.parse(body).account_details;
}

describe("GET /account-details/{customerId}", () => {
  it("answers the account number, name, addresses, status and preferences", async () => {
    const details = await accountDetails(resi, RESI);
    expect(details).toEqual({
      customer_id: RESI,
      account_number: "LF-100101",
      contract_name: "Maya Singh",
      is_residential: true,
      status: "active",
      customer_since: "2024-09-12",
      billing_address: { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" },
      service_addresses: [{ line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" }],
      preferences: { paperless_billing: true, correspondence_language: "en" },
      can_edit: true,
    });
  });

  it("lists each service address once, and shows an account suspended for non-payment", async () => {
    const parents = await accountDetails(family, PARENTS);
    expect(parents.service_addresses.map((a) => a.line1)).toEqual(["1204 Danforth Avenue", "1206 Danforth Avenue"]);
    expect(parents.preferences).toEqual({ paperless_billing: false, correspondence_language: "en" });
    const home = await accountDetails(family, HOME);
    expect(home.status).toBe("suspended_for_nonpayment");
    expect(home.preferences.correspondence_language).toBe("fr");
  });

  it("lets any activated contact read, but only authoritative ones edit", async () => {
    expect((await accountDetails(sam, HOME)).can_edit).toBe(false);
  });

  it("answers a commercial account with its service addresses and default preferences", async () => {
    const details = await accountDetails(business, COMMERCIAL);
    expect(details.is_residential).toBe(false);
    expect(details.service_addresses.length).toBeGreaterThan(0);
    expect(details.preferences).toEqual({ paperless_billing: false, correspondence_language: "en" });
  });

  it("answers 401 without a token and 403 for another user's account", async () => {
    expect((await api.call("GET", `/account-details/${RESI}`)).status).toBe(401);
    expect((await api.call("GET", `/account-details/${HOME}`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/account-details/abc`, { token: resi })).status).toBe(403);
  });
});

describe("PUT /account-details/{customerId}", () => {
  const valid = {
    address_line1: "  77 Harbour Square ",
    address_line2: "",
    city: "Toronto",
    province: "on",
    postal_code: "m5j2s2",
    paperless_billing: true,
    correspondence_language: "en",
  };

  it("changes the billing address and preferences (normalized), as JSON or form data", async () => {
    const response = await api.call("PUT", `/account-details/${CONDO}`, { token: family, json: valid });
    expect(response.status).toBe(200);
    SuccessAnswer.parse(response.body);
    const details = await accountDetails(family, CONDO);
    expect(details.billing_address).toEqual({
      line1: "77 Harbour Square",
      line2: null,
      city: "Toronto",
      province: "ON",
      postal_code: "M5J 2S2",
    });
    expect(details.preferences).toEqual({ paperless_billing: true, correspondence_language: "en" });
    // The service address does not move with the billing address.
    expect(details.service_addresses[0].line1).toBe("55 Bremner Boulevard");

    const form = await api.call("PUT", `/account-details/${CONDO}`, {
      token: family,
      form: { ...valid, address_line2: "PH 2", paperless_billing: "false", correspondence_language: "fr" },
    });
    expect(form.status).toBe(200);
    const again = await accountDetails(family, CONDO);
    expect(again.billing_address.line2).toBe("PH 2");
    expect(again.preferences).toEqual({ paperless_billing: false, correspondence_language: "fr" });
  });

  it("creates the preferences of an account that had none", async () => {
    const commercialContact = await api.call("PUT", `/account-details/${COMMERCIAL}`, {
      token: business,
      json: { ...valid, address_line1: "100 Queens Quay East", address_line2: "Floor 3", postal_code: "M5E 1V3", paperless_billing: "on" },
    });
    expect(commercialContact.status).toBe(200);
    expect((await accountDetails(business, COMMERCIAL)).preferences.paperless_billing).toBe(true);
  });

  it("refuses a malformed postal code, one of another province, and an unknown province", async () => {
    expectRefused(
      await api.call("PUT", `/account-details/${RESI}`, { token: resi, json: { ...valid, postal_code: "12345" } }),
      "postal_code",
      ["postal_code.invalid_format"],
    );
    expectRefused(
      await api.call("PUT", `/account-details/${RESI}`, { token: resi, json: { ...valid, postal_code: "W5J 2S2" } }),
      "postal_code",
      ["postal_code.invalid_format"],
    );
    expectRefused(await api.call("PUT", `/account-details/${RESI}`, { token: resi, json: { ...valid, province: "QC" } }), "postal_code", [
      "postal_code.province_mismatch",
    ]);
    expectRefused(await api.call("PUT", `/account-details/${RESI}`, { token: resi, json: { ...valid, province: "ZZ" } }), "province", [
      "province.invalid",
    ]);
    expect((await accountDetails(resi, RESI)).billing_address.postal_code).toBe("M4M 2S1");
  });

  it("names the postal code of another province beside an empty street, in one answer", async () => {
    const { status, body } = await api.call("PUT", `/account-details/${RESI}`, {
      token: resi,
      json: { ...valid, address_line1: "", province: "QC" },
    });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({
      address_line1: ["address_line1.required"],
      postal_code: ["postal_code.province_mismatch"],
    });
  });

  it("names every missing or refused field", async () => {
    const { status, body } = await api.call("PUT", `/account-details/${RESI}`, {
      token: resi,
      json: { city: "x".repeat(61), paperless_billing: "maybe", correspondence_language: "de" },
    });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({
      address_line1: ["address_line1.required"],
      city: ["city.too_long"],
      province: ["province.required"],
      postal_code: ["postal_code.required"],
      paperless_billing: ["paperless_billing.invalid"],
      correspondence_language: ["correspondence_language.invalid"],
    });
  });

  it("answers 401, 403 for another user's account and for a contact without the authoritative role", async () => {
    expect((await api.call("PUT", `/account-details/${HOME}`, { json: valid })).status).toBe(401);
    expect((await api.call("PUT", `/account-details/${HOME}`, { token: resi, json: valid })).status).toBe(403);
    expect((await api.call("PUT", `/account-details/${HOME}`, { token: sam, json: valid })).status).toBe(403);
    expect((await accountDetails(family, HOME)).billing_address.line1).toBe("18 Wychwood Avenue");
  });
});

describe("GET /profile-details/{customerId}", () => {
  it("answers the signed-in user as a contact of the account, with their roles", async () => {
    const { status, body } = await api.call("GET", `/profile-details/${HOME}`, { token: sam });
    expect(status).toBe(200);
    const { profile_details } = ProfileDetailsAnswer.parse(body);
    expect(profile_details).toMatchObject({
      customer_id: HOME,
      first_name: "Sam",
      last_name: "Gagnon",
      email: "sam.gagnon@example.com",
      phone: "647-555-0189",
      roles: ["billing", "support"],
      marked_for_deactivation: true,
    });
    const contact = await api.db.one<{ id: number }>("SELECT id FROM contacts WHERE customer_id = $1 AND email = $2", [
      HOME,
      "sam.gagnon@example.com",
    ]);
    expect(profile_details.contact_id).toBe(contact!.id);
  });

  it("answers 401 and 403", async () => {
    expect((await api.call("GET", `/profile-details/${HOME}`)).status).toBe(401);
    expect((await api.call("GET", `/profile-details/${CONDO}`, { token: sam })).status).toBe(403);
  });
});

describe("/profile-settings", () => {
  it("answers the signed-in user", async () => {
    const { status, body } = await api.call("GET", "/profile-settings", { token: family });
    expect(status).toBe(200);
    expect(CurrentUserAnswer.parse(body).current_user).toEqual({
      user_id: 2,
      username: "family@example.com",
      email: "family@example.com",
      first_name: "Jordan",
      last_name: "Gagnon",
      phone: "647-555-0188",
      preferred_language: "fr",
      password_changed_at: null,
    });
  });

  it("changes the name, phone (normalized) and language, on the user's contact entries too", async () => {
    const response = await api.call("PUT", "/profile-settings", {
      token: family,
      json: { first_name: " Jordan-Alex ", last_name: "Gagnon", phone: "(647) 555 0100", preferred_language: "en" },
    });
    expect(response.status).toBe(200);
    SuccessAnswer.parse(response.body);
    const user = CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token: family })).body).current_user;
    expect(user).toMatchObject({ first_name: "Jordan-Alex", phone: "647-555-0100", preferred_language: "en" });
    const contact = ProfileDetailsAnswer.parse(
      (await api.call("GET", `/profile-details/${CONDO}`, { token: family })).body,
    ).profile_details;
    expect(contact).toMatchObject({ first_name: "Jordan-Alex", phone: "647-555-0100" });

    // A blank phone removes it; leaving it out keeps it.
    await api.call("PUT", "/profile-settings", {
      token: family,
      form: { first_name: "Jordan", last_name: "Gagnon", phone: "", preferred_language: "fr" },
    });
    expect(CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token: family })).body).current_user.phone).toBeNull();
    await api.call("PUT", "/profile-settings", { token: resi, json: { first_name: "Maya", last_name: "Singh", preferred_language: "en" } });
    expect(CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token: resi })).body).current_user.phone).toBe(
      "416-555-0123",
    );
  });

  it("refuses blank or long names, a malformed phone and an unknown language", async () => {
    const { status, body } = await api.call("PUT", "/profile-settings", {
      token: resi,
      json: { first_name: "  ", last_name: "x".repeat(51), phone: "555-0123", preferred_language: "de" },
    });
    expect(status).toBe(422);
    expect(ErrorAnswer.parse(body).errors).toEqual({
      first_name: ["first_name.required"],
      last_name: ["last_name.too_long"],
      phone: ["phone.invalid_format"],
      preferred_language: ["preferred_language.invalid"],
    });
    expect(CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token: resi })).body).current_user.first_name).toBe(
      "Maya",
    );
  });

  it("answers 401 without a token", async () => {
    expect((await api.call("GET", "/profile-settings")).status).toBe(401);
    expect(
      (await api.call("PUT", "/profile-settings", { json: { first_name: "A", last_name: "B", preferred_language: "en" } })).status,
    ).toBe(401);
  });
});

describe("PUT /residential-dashboard/endTour", () => {
  it("ends the intro tour: the dashboard's tour steps become empty", async () => {
    const before = ResidentialDashboardAnswer.parse((await api.call("GET", `/residential-dashboard/${RESI}`, { token: resi })).body);
    expect(before.product_tour_steps).toEqual(["profile", "billing", "internet", "support"]);
    const response = await api.call("PUT", "/residential-dashboard/endTour", { token: resi, json: { skipped: true } });
    expect(response.status).toBe(200);
    SuccessAnswer.parse(response.body);
    const after = ResidentialDashboardAnswer.parse((await api.call("GET", `/residential-dashboard/${RESI}`, { token: resi })).body);
    expect(after.product_tour_steps).toEqual([]);
    const user = await api.db.one<{ tour_skipped: boolean }>("SELECT tour_skipped FROM users WHERE username = 'resi@example.com'");
    expect(user?.tour_skipped).toBe(true);
    // Another user still has the tour.
    const other = ResidentialDashboardAnswer.parse((await api.call("GET", `/residential-dashboard/${CONDO}`, { token: family })).body);
    expect(other.product_tour_steps).toHaveLength(4);
  });

  it("needs skipped as a boolean, and a token", async () => {
    expectRefused(await api.call("PUT", "/residential-dashboard/endTour", { token: family, json: {} }), "skipped", ["skipped.required"]);
    expectRefused(await api.call("PUT", "/residential-dashboard/endTour", { token: family, json: { skipped: "maybe" } }), "skipped", [
      "skipped.invalid",
    ]);
    expect((await api.call("PUT", "/residential-dashboard/endTour", { json: { skipped: false } })).status).toBe(401);
  });
});

describe("PUT /profile-settings/password", () => {
  const NEW_PASSWORD = "Harbour-Lights-77";
  const change = (token: string, body: Record<string, unknown>) => api.call("PUT", "/profile-settings/password", { token, json: body });
  const ok = { current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };

  it("needs the current password, and the right one", async () => {
    expectRefused(await change(business, { ...ok, current_password: "" }), "current_password", ["current_password.required"]);
    expectRefused(await change(business, { ...ok, current_password: "Wrong-Pass-2026" }), "current_password", [
      "current_password.incorrect",
    ]);
  });

  it("refuses a new password shorter than 8 characters", async () => {
    expectRefused(await change(business, { ...ok, new_password: "Abcdef1", confirm_password: "Abcdef1" }), "new_password", [
      "new_password.too_short",
    ]);
  });

  it("refuses a new password without a lowercase letter", async () => {
    expectRefused(await change(business, { ...ok, new_password: "ABCDEFGH1", confirm_password: "ABCDEFGH1" }), "new_password", [
      "new_password.missing_lowercase",
    ]);
  });

  it("refuses a new password without an uppercase letter", async () => {
    expectRefused(await change(business, { ...ok, new_password: "abcdefgh1", confirm_password: "abcdefgh1" }), "new_password", [
      "new_password.missing_uppercase",
    ]);
  });

  it("refuses a confirmation that does not match the new password", async () => {
    expectRefused(await change(business, { ...ok, confirm_password: "Harbour-Lights-78" }), "confirm_password", [
      "confirm_password.mismatch",
    ]);
    expectRefused(await change(business, { ...ok, confirm_password: undefined }), "confirm_password", ["confirm_password.required"]);
  });

  it("refuses a new password equal to the current one", async () => {
    expectRefused(await change(business, { ...ok, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD }), "new_password", [
      "new_password.same_as_current",
    ]);
  });

  it("reports every broken rule at once", async () => {
    const { body } = await change(business, { current_password: "nope", new_password: "short", confirm_password: "other" });
    expect(ErrorAnswer.parse(body).errors).toEqual({
      current_password: ["current_password.incorrect"],
      new_password: ["new_password.too_short", "new_password.missing_uppercase"],
      confirm_password: ["confirm_password.mismatch"],
    });
  });

  it("answers 401 without a token", async () => {
    expect((await api.call("PUT", "/profile-settings/password", { json: ok })).status).toBe(401);
  });

  it("changes the password, ends the user's other sessions and keeps this one", async () => {
    const other = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { username: "business@example.com", password: DEMO_PASSWORD } })).body,
    );
    expect((await api.call("GET", "/profile-settings", { token: other.token })).status).toBe(200);

    const response = await change(business, ok);
    expect(response.status).toBe(200);
    SuccessAnswer.parse(response.body);

    expect((await api.call("GET", "/profile-settings", { token: business })).status).toBe(200);
    expect((await api.call("GET", "/profile-settings", { token: other.token })).status).toBe(401);
    expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: other.refresh_token } })).status).toBe(401);
    // Other users' sessions are untouched.
    expect((await api.call("GET", "/profile-settings", { token: resi })).status).toBe(200);

    expect(
      (await api.call("POST", "/auth/access-token", { json: { username: "business@example.com", password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await api.call("POST", "/auth/access-token", { json: { username: "business@example.com", password: NEW_PASSWORD } })).status,
    ).toBe(200);
    const user = CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token: business })).body).current_user;
    expect(user.password_changed_at).not.toBeNull();
  });
});
