/** The searchable account list: ?q= filters by name (case and accents ignored) or customer id. */
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { loader } from "../../app/routes/accounts.tsx";
import { API } from "../mocks/handlers.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const account = (customer_id: number, contract_name: string, isResidential = false) => ({
  customer_id,
  contract_name,
  isResidential,
  isBillingAuthoritative: true,
  credit_card_allowed: true,
  roles: ["authoritative", "billing"],
});

const customers = [
  account(100101, "Maya Singh", true),
  account(200301, "Harbourfront Logistics Inc."),
  account(200302, "Société Générale Électrique"),
  account(200303, "Café Lumière"),
  account(310001, "Queen Street Dental"),
  account(310002, "Danforth Bakery"),
  account(310003, "Leslieville Yoga"),
  account(310004, "Harbour Marine Supply"),
  account(310005, "Riverdale Books"),
];

beforeEach(() => {
  server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ customers, username: "owner@example.com" })));
});

const search = async (query: string, cookie = "") =>
  callRoute<any>(loader, { url: `/accounts${query}`, cookie: `${await signedInCookie()}${cookie}`, middleware: [requireUserMiddleware] });

const names = (result: { data: { matches: { contract_name: string }[] } }) => result.data.matches.map((m) => m.contract_name);

describe("accounts loader", () => {
  it("lists every account without a query, with the counts", async () => {
    const result = await search("");
    expect(result.data.q).toBe("");
    expect(result.data.total).toBe(9);
    expect(result.data.matches).toHaveLength(9);
    expect(result.data.matches[0]).toEqual({ customer_id: 100101, contract_name: "Maya Singh", isResidential: true });
  });

  it("filters by name, ignoring case", async () => {
    const result = await search("?q=HARBOUR");
    expect(names(result)).toEqual(["Harbourfront Logistics Inc.", "Harbour Marine Supply"]);
    expect(result.data.total).toBe(9);
    expect(result.data.q).toBe("HARBOUR");
  });

  it("filters by name, ignoring accents both ways", async () => {
    expect(names(await search("?q=societe"))).toEqual(["Société Générale Électrique"]);
    expect(names(await search("?q=electrique"))).toEqual(["Société Générale Électrique"]);
    expect(names(await search(`?q=${encodeURIComponent("CAFÉ")}`))).toEqual(["Café Lumière"]);
    expect(names(await search(`?q=${encodeURIComponent("lumiere")}`))).toEqual(["Café Lumière"]);
  });

  it("filters by customer id, also a part of it", async () => {
    expect(names(await search("?q=200302"))).toEqual(["Société Générale Électrique"]);
    expect(names(await search("?q=3100"))).toEqual([
      "Queen Street Dental",
      "Danforth Bakery",
      "Leslieville Yoga",
      "Harbour Marine Supply",
      "Riverdale Books",
    ]);
  });

  it("answers no match with the total still known", async () => {
    const result = await search("?q=nothing-like-this");
    expect(result.data.matches).toEqual([]);
    expect(result.data.total).toBe(9);
  });

  it("marks the active account", async () => {
    expect((await search("")).data.activeId).toBe(100101);
    expect((await search("", "; activeCustomerId=310003")).data.activeId).toBe(310003);
    expect((await search("", "; activeCustomerId=999")).data.activeId).toBe(100101);
  });

  it("cuts a very long query to 100 characters", async () => {
    const result = await search(`?q=${"a".repeat(500)}`);
    expect(result.data.q).toHaveLength(100);
  });

  it("shows 25 accounts a page to a contact of many, the page asked for, and the count of all matches", async () => {
    const many = Array.from({ length: 60 }, (_, i) => account(400001 + i, `Branch ${i + 1}`));
    server.use(http.get(`${API}/dashboard`, () => HttpResponse.json({ customers: many, username: "owner@example.com" })));
    const first = await search("");
    expect(first.data).toMatchObject({ page: 1, pages: 3, total: 60, matched: 60 });
    expect(names(first)).toHaveLength(25);
    expect(names(first)[0]).toBe("Branch 1");
    expect(names(await search("?page=3"))).toEqual(Array.from({ length: 10 }, (_, i) => `Branch ${51 + i}`));
    // Branch 1 and Branch 10 to 19: 11 matches, one page.
    const found = await search("?q=branch%201&page=1");
    expect(found.data).toMatchObject({ page: 1, pages: 1, matched: 11 });
    expect((await search("?page=7")).location).toBe("/accounts?page=3");
    expect((await search("?q=branch%201&page=2")).location).toBe("/accounts?q=branch+1");
    expect((await search("?page=x")).data.page).toBe(1);
  });
});
