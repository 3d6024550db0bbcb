/**
 * The service screens' loaders and actions in isolation (msw answers as the API): account details and
 * its edit page, pauses (schedule, change, remove), suspend / reinstate / reactivate, move, cancel,
 * withdraw, internet and TV by package or service id.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as accountDetails from "../../app/routes/services/account-details.tsx";
import * as accountEdit from "../../app/routes/services/account-edit.tsx";
import * as cancel from "../../app/routes/services/cancel.tsx";
import * as endpointLayout from "../../app/routes/business/endpoint.tsx";
import * as internet from "../../app/routes/services/internet.tsx";
import * as iptv from "../../app/routes/services/iptv.tsx";
import * as move from "../../app/routes/services/move.tsx";
import * as packageAction from "../../app/routes/services/package-action.tsx";
import * as pauseEdit from "../../app/routes/services/pause-edit.tsx";
import * as pauseRemove from "../../app/routes/services/pause-remove.tsx";
import * as pause from "../../app/routes/services/pause.tsx";
import * as tv from "../../app/routes/services/tv.tsx";
import * as withdraw from "../../app/routes/services/withdraw.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer } from "../mocks/fixtures.ts";
import { accountDetails as accountDetailsAnswer, bundle, internetSettings, pauseDetail, services } from "../mocks/services.ts";
import { maintenance, outage } from "../mocks/status.ts";
import { useEnv } from "../support/config.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { addDays, torontoToday } from "../../app/schemas/values.ts";
import { callRoute, nextCookie, notificationsAfter, signedInCookie, type RouteCall } from "../support/route.ts";
import * as root from "../../app/root.tsx";
import { HttpResponse } from "msw";
import * as conform from "@conform-to/react";
import { createElement as h, type ReactNode } from "react";
import { provideConform } from "../../app/lib/conform.ts";
import { renderHtml } from "../support/render-page.ts";

type Handler = (args: any) => unknown;

// As on the server (entry.server.tsx): a form page renders at once, without waiting for conform.
provideConform(conform);

/** The attributes of the input named `name` in a page rendered as the server renders it. */
function inputAttributes(page: (props: { loaderData: unknown; actionData: undefined }) => ReactNode, loaderData: unknown, name: string) {
  const html = renderHtml(() => h(page, { loaderData, actionData: undefined }));
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
}

const call = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

afterEach(() => vi.restoreAllMocks());

const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

/** Records the bodies (multipart or urlencoded) the portal sends to one endpoint. */
function capture(key: Parameters<typeof on>[0], answer: () => Response) {
  const seen: { url: URL; form: FormData | null }[] = [];
  server.use(
    on(key, async ({ request }) => {
      const type = request.headers.get("Content-Type") ?? "";
      seen.push({ url: new URL(request.url), form: type.includes("form") ? await request.formData() : null });
      return answer();
    }),
  );
  return seen;
}

const A = "/account-details/100101";
/** A date some days after today in Toronto (the forms refuse past dates and dates over a year ahead). */
const ahead = (days: number) => addDays(torontoToday(), days);
const LATER = ahead(150);
const P = { customerId: "100101", packageId: "5001" };

describe("account details", () => {
  it("shows the account, its packages with their pauses, requests and actions, and past pauses", async () => {
    const result = await call(accountDetails.loader as Handler, A, { customerId: "100101" });
    expect(result.status).toBe(200);
    expect(result.data.account.account_number).toBe("LF-100101");
    expect(result.data.services.bundles[0].scheduled_pauses[0].pause_id).toBe(41);
    expect(result.data.pastPauses[5001]).toHaveLength(1);
    expect(result.data.pausing).toBe(true);
  });

  it("takes the account and past pauses from the packages' call when the API includes them, asking nothing more", async () => {
    const past = pauseDetail().packages[0].past_pauses;
    server.use(
      on("GET /services/{customerId}", ({ request }) => {
        const asked = new URL(request.url).searchParams.get("include")?.split(",") ?? [];
        return reply(
          "GET /services/{customerId}",
          services({
            bundles: [bundle(asked.includes("past_pauses") ? { past_pauses: past } : {})],
            ...(asked.includes("account_details") && { account_details: accountDetailsAnswer.account_details }),
          }),
        );
      }),
    );
    const calls = recordApiCalls();
    const result = await call(accountDetails.loader as Handler, A, { customerId: "100101" });
    expect(result.status).toBe(200);
    expect(result.data.account).toEqual(accountDetailsAnswer.account_details);
    expect(result.data.services).not.toHaveProperty("account_details");
    expect(result.data.services.bundles[0].past_pauses).toEqual(past);
    expect(result.data.pastPauses).toBeNull();
    expect(pageCalls(calls).map((c) => `${c.path} ${c.query.get("include")}`)).toEqual(["/services/100101 account_details,past_pauses"]);
  });

  it("asks for the account and past pauses apart when the API leaves them out of the packages' call", async () => {
    const calls = recordApiCalls();
    const result = await call(accountDetails.loader as Handler, A, { customerId: "100101" });
    expect(result.data.account).toEqual(accountDetailsAnswer.account_details);
    expect(result.data.pastPauses[5001]).toEqual(pauseDetail().packages[0].past_pauses);
    expect(pageCalls(calls).map((c) => c.path)).toEqual([
      "/services/100101",
      "/account-details/100101",
      "/services/100101/scheduled-pause-detail",
    ]);
  });

  it("leaves pauses out when the pause feature is off", async () => {
    useEnv({ FEATURE_PAUSE_SERVICES: "off" });
    const seen = capture("GET /services/{customerId}/scheduled-pause-detail", () =>
      reply("GET /services/{customerId}/scheduled-pause-detail", pauseDetail()),
    );
    const calls = recordApiCalls();
    const result = await call(accountDetails.loader as Handler, A, { customerId: "100101" });
    expect(result.data.pausing).toBe(false);
    expect(seen).toHaveLength(0);
    expect(
      pageCalls(calls)
        .find((c) => c.path === "/services/100101")
        ?.query.get("include"),
    ).toBe("account_details");
    expect((await call(pause.loader as Handler, `${A}/packages/5001/pause`, P)).status).toBe(404);
  });

  it("goes to the active account without an id, and answers 404 for a commercial account and 403 for another's", async () => {
    const bare = await call(accountDetails.loader as Handler, "/account-details", {});
    expect(bare.location).toBe("/account-details/100101");
    expect((await call(accountDetails.loader as Handler, "/account-details/200301", { customerId: "200301" })).status).toBe(404);
    expect((await call(accountDetails.loader as Handler, "/account-details/999999", { customerId: "999999" })).status).toBe(403);
  });

  it("edits the billing address and preferences, and puts the API's refusal on its field", async () => {
    const form = {
      address_line1: "12 Queen Street East",
      city: "Toronto",
      province: "ON",
      postal_code: "m5c 1r6",
      paperless_billing: "false",
      correspondence_language: "fr",
    };
    expect((await call(accountEdit.loader as Handler, `${A}/edit`, { customerId: "100101" })).data.account.can_edit).toBe(true);
    const seen = capture("PUT /account-details/{customerId}", () => reply("PUT /account-details/{customerId}", { success: true }));
    const done = await call(accountEdit.action as Handler, `${A}/edit`, { customerId: "100101" }, { form });
    expect(done.location).toBe(A);
    expect(seen[0].form?.get("paperless_billing")).toBe("false");
    expect(seen[0].form?.get("correspondence_language")).toBe("fr");

    const wrong = await call(accountEdit.action as Handler, `${A}/edit`, { customerId: "100101" }, { form: { ...form, province: "QC" } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error).toEqual({ postal_code: ["api:postal_code.province_mismatch"] });

    // Every rule at once: the street left empty does not hide the postal code of another province.
    const both = await call(
      accountEdit.action as Handler,
      `${A}/edit`,
      { customerId: "100101" },
      {
        form: { ...form, address_line1: "", province: "QC" },
      },
    );
    expect(both.status).toBe(400);
    expect(both.data.result.error).toEqual({
      address_line1: ["api:address_line1.required"],
      postal_code: ["api:postal_code.province_mismatch"],
    });

    server.use(on("PUT /account-details/{customerId}", () => refuse(422, { city: ["city.too_long"] })));
    const refused = await call(accountEdit.action as Handler, `${A}/edit`, { customerId: "100101" }, { form });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error).toEqual({ city: ["api:city.too_long"] });
  });
});

describe("pauses", () => {
  it("offers the form with the package's pauses and the options", async () => {
    const result = await call(pause.loader as Handler, `${A}/packages/5001/pause`, P);
    expect(result.data.canPause).toBe(true);
    expect(result.data.scheduled).toHaveLength(1);
    expect(result.data.past).toHaveLength(1);
    expect(result.data.options.max_months).toBe(6);
  });

  it("takes the pauses and the options from the packages when the API includes them, asking nothing more", async () => {
    const detail = pauseDetail();
    server.use(
      on("GET /services/{customerId}", ({ request }) =>
        new URL(request.url).searchParams.get("include") === "past_pauses,pause_options"
          ? reply(
              "GET /services/{customerId}",
              services({ bundles: [bundle({ past_pauses: detail.packages[0].past_pauses })], pause_options: detail.pause_options }),
            )
          : refuse(422, { include: ["include.invalid"] }),
      ),
    );
    const calls = recordApiCalls();
    const result = await call(pause.loader as Handler, `${A}/packages/5001/pause`, P);
    expect(result.data).toMatchObject({
      canPause: true,
      balanceOwing: 0,
      scheduled: [expect.objectContaining({ pause_id: 41 })],
      past: [expect.objectContaining({ pause_id: 12, status: "ended" })],
      options: detail.pause_options,
    });
    expect(pageCalls(calls).map((c) => `${c.path}?${c.query}`)).toEqual(["/services/100101?include=past_pauses%2Cpause_options"]);
  });

  it("asks for the package's pause detail only", async () => {
    const seen = capture("GET /services/{customerId}/scheduled-pause-detail", () =>
      reply("GET /services/{customerId}/scheduled-pause-detail", pauseDetail()),
    );
    await call(pause.loader as Handler, `${A}/packages/5001/pause`, P);
    expect(seen[0].url.searchParams.get("package_ids")).toBe("5001");
  });

  it("says why while a balance is owing", async () => {
    server.use(
      on("GET /services/{customerId}/scheduled-pause-detail", () =>
        reply("GET /services/{customerId}/scheduled-pause-detail", pauseDetail({ balance_owing: 124.3 })),
      ),
    );
    const result = await call(pause.loader as Handler, `${A}/packages/5001/pause`, P);
    expect(result.data.balanceOwing).toBe(124.3);
  });

  it("answers 404 for a package of no account of the user's", async () => {
    expect((await call(pause.loader as Handler, `${A}/packages/9999/pause`, { ...P, packageId: "9999" })).status).toBe(404);
    expect((await call(pause.loader as Handler, `${A}/packages/x/pause`, { ...P, packageId: "x" })).status).toBe(404);
  });

  it("schedules a pause for the package and goes back to the account", async () => {
    const seen = capture("POST /services/{customerId}/scheduled-pause", () =>
      reply("POST /services/{customerId}/scheduled-pause", { success: true, pause_ids: [42] }),
    );
    const result = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: LATER, months: "2" } });
    expect(result.status).toBe(302);
    expect(result.location).toBe(A);
    expect(seen[0].form?.get("package_ids")).toBe("5001");
    expect(seen[0].form?.get("start_date")).toBe(LATER);
    expect(seen[0].form?.get("months")).toBe("2");
  });

  it("names a past start date together with too many months, in one answer", async () => {
    const seen = capture("POST /services/{customerId}/scheduled-pause", () => refuse(500));
    const both = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: ahead(-3), months: "9" } });
    expect(both.status).toBe(400);
    expect(both.data.result.error).toEqual({ start_date: ["api:start_date.not_in_future"], months: ["api:months.above_maximum"] });
    const far = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: ahead(400), months: "2" } });
    expect(far.data.result.error).toEqual({ start_date: ["api:start_date.too_far"] });
    expect(seen).toHaveLength(0);
  });

  it("refuses 7 months and 0 months before asking the API", async () => {
    const seen = capture("POST /services/{customerId}/scheduled-pause", () => refuse(500));
    const seven = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: LATER, months: "7" } });
    expect(seven.status).toBe(400);
    expect(seven.data.result.error).toEqual({ months: ["api:months.above_maximum"] });
    const zero = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: "", months: "0" } });
    expect(zero.data.result.error).toEqual({ start_date: ["api:start_date.required"], months: ["api:months.below_minimum"] });
    expect(seen).toHaveLength(0);
  });

  it("shows the API's reason above the form when a balance is owing, and its date rules on the date", async () => {
    quiet();
    server.use(on("POST /services/{customerId}/scheduled-pause", () => refuse(422, { _form: ["_form.balance_owing"] })));
    const owing = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: LATER, months: "2" } });
    expect(owing.status).toBe(422);
    expect(owing.data.result.error[""]).toEqual(["api:_form.balance_owing"]);

    server.use(on("POST /services/{customerId}/scheduled-pause", () => refuse(422, { start_date: ["start_date.overlapping_pause"] })));
    const overlap = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: ahead(50), months: "1" } });
    expect(overlap.data.result.error).toEqual({ start_date: ["api:start_date.overlapping_pause"] });
  });

  it("answers 415 for a body that is not a form, and keeps the form on a 503", async () => {
    const wrong = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, {
      body: '{"months":2}',
      headers: { "Content-Type": "application/json" },
    });
    expect(wrong.status).toBe(415);
    server.use(on("POST /services/{customerId}/scheduled-pause", () => refuse(503)));
    const down = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: LATER, months: "2" } });
    expect(down.status).toBe(503);
    expect(down.data.result.initialValue.start_date).toBe(LATER);
  });

  it('says "Something went wrong on server side" as an error notification when the API answers without data', async () => {
    quiet();
    server.use(on("POST /services/{customerId}/scheduled-pause", () => HttpResponse.json({ success: false, message: "no" })));
    const cookie = await signedInCookie();
    const failed = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, {
      form: { start_date: "2027-05-01", months: "2" },
      cookie,
    });
    expect(failed.status).toBe(502);
    // The form kept with its message, and a notification the root shows at once (it reloads its data for it).
    expect(failed.data.result.initialValue.start_date).toBe("2027-05-01");
    expect(failed.data.result.error[""]).toEqual(["common:formErrors.server"]);
    expect(failed.data.notified).toBe(true);
    expect(root.shouldRevalidate({ actionResult: failed.data, defaultShouldRevalidate: false } as never)).toBe(true);
    expect(root.shouldRevalidate({ actionResult: { result: {} }, defaultShouldRevalidate: false } as never)).toBe(false);
    const shown = await callRoute<any>(root.loader, { url: `${A}/packages/5001/pause`, cookie: nextCookie(cookie, failed.setCookies) });
    expect(shown.data.notifications).toEqual([expect.objectContaining({ type: "error", key: "errors.serverSide" })]);
  });

  it("changes the dates of a scheduled pause", async () => {
    const page = await call(pauseEdit.loader as Handler, `${A}/pauses/41`, { customerId: "100101", pauseId: "41" });
    expect(page.data.pause.from_date).toBe("2027-01-01");
    const seen = capture("PUT /services/{customerId}/scheduled-pause/{pauseId}", () =>
      reply("PUT /services/{customerId}/scheduled-pause/{pauseId}", { success: true }),
    );
    const result = await call(
      pauseEdit.action as Handler,
      `${A}/pauses/41`,
      { customerId: "100101", pauseId: "41" },
      {
        form: { start_date: ahead(70), months: "3" },
      },
    );
    expect(result.location).toBe(A);
    expect(seen[0].url.pathname).toMatch(/\/services\/100101\/scheduled-pause\/41$/);
    expect(seen[0].form?.get("months")).toBe("3");
  });

  it("sends a running pause back to the account, and a pause no longer there to the account with a notice", async () => {
    server.use(
      on("GET /services/{customerId}", () =>
        reply(
          "GET /services/{customerId}",
          services({
            bundles: [
              bundle({
                scheduled_pauses: [
                  {
                    pause_id: 41,
                    package_id: 5001,
                    from_date: "2026-10-01",
                    until_date: "2026-12-01",
                    months: 2,
                    status: "active",
                    can_edit: false,
                    can_remove: false,
                  },
                ],
              }),
            ],
          }),
        ),
      ),
    );
    expect((await call(pauseEdit.loader as Handler, `${A}/pauses/41`, { customerId: "100101", pauseId: "41" })).location).toBe(A);
    expect((await call(pauseRemove.loader as Handler, `${A}/pauses/41/remove`, { customerId: "100101", pauseId: "41" })).location).toBe(A);
    // A pause no longer there (removed, then the back button): the account's services, saying so.
    for (const handler of [pauseEdit.loader, pauseRemove.loader, pauseRemove.action]) {
      const gone = await call(handler as Handler, `${A}/pauses/77`, { customerId: "100101", pauseId: "77" }, { form: {} });
      expect(gone.location).toBe(A);
      expect(await notificationsAfter(gone)).toEqual([{ key: "services:pause.gone", type: "info" }]);
    }
    expect((await call(pauseEdit.loader as Handler, `${A}/pauses/x`, { customerId: "100101", pauseId: "x" })).status).toBe(404);
  });

  it("removes a scheduled pause once confirmed, and says so when it started meanwhile", async () => {
    quiet();
    const page = await call(pauseRemove.loader as Handler, `${A}/pauses/41/remove`, { customerId: "100101", pauseId: "41" });
    expect(page.data.pause.pause_id).toBe(41);
    const seen = capture("DELETE /services/{customerId}/scheduled-pause/{pauseId}", () =>
      reply("DELETE /services/{customerId}/scheduled-pause/{pauseId}", { success: true }),
    );
    const done = await call(pauseRemove.action as Handler, `${A}/pauses/41/remove`, { customerId: "100101", pauseId: "41" }, { form: {} });
    expect(done.location).toBe(A);
    expect(seen).toHaveLength(1);
    server.use(on("DELETE /services/{customerId}/scheduled-pause/{pauseId}", () => refuse(422, { pause_id: ["pause_id.not_scheduled"] })));
    const late = await call(pauseRemove.action as Handler, `${A}/pauses/41/remove`, { customerId: "100101", pauseId: "41" }, { form: {} });
    expect(late.status).toBe(422);
    expect(late.data.result.error[""]).toEqual(["api:pause_id.not_scheduled"]);
  });
});

describe("suspend, reinstate, reactivate", () => {
  it("confirms and suspends the package", async () => {
    const page = await call(packageAction.loader as Handler, `${A}/packages/5001/suspend`, { ...P, verb: "suspend" });
    expect(page.data.verb).toBe("suspend");
    const seen = capture("PUT /services/{customerId}/suspend", () => reply("PUT /services/{customerId}/suspend", { success: true }));
    const done = await call(packageAction.action as Handler, `${A}/packages/5001/suspend`, { ...P, verb: "suspend" }, { form: {} });
    expect(done.location).toBe(A);
    expect(seen[0].form?.get("package_ids")).toBe("5001");
  });

  it("sends an action the package does not allow back to the account, and an unknown one to 404", async () => {
    expect((await call(packageAction.loader as Handler, `${A}/packages/5001/reinstate`, { ...P, verb: "reinstate" })).location).toBe(A);
    expect((await call(packageAction.loader as Handler, `${A}/packages/5001/explode`, { ...P, verb: "explode" })).status).toBe(404);
  });

  it("reinstates a package suspended at the customer's request", async () => {
    server.use(
      on("GET /services/{customerId}", () =>
        reply(
          "GET /services/{customerId}",
          services({
            bundles: [bundle({ status: "suspended", actions: { ...bundle().actions, can_suspend: false, can_reinstate: true } })],
          }),
        ),
      ),
    );
    const seen = capture("PUT /services/{customerId}/reinstate", () => reply("PUT /services/{customerId}/reinstate", { success: true }));
    const done = await call(packageAction.action as Handler, `${A}/packages/5001/reinstate`, { ...P, verb: "reinstate" }, { form: {} });
    expect(done.location).toBe(A);
    expect(seen).toHaveLength(1);
  });

  it("asks to reactivate with the comment, and keeps the form with the API's reason", async () => {
    quiet();
    const seen = capture("POST /services/{customerId}/reactivate-requests", () =>
      reply("POST /services/{customerId}/reactivate-requests", { success: true, request_id: 9, status: "completed" }),
    );
    const done = await call(
      packageAction.action as Handler,
      `${A}/packages/5001/reactivate`,
      { ...P, verb: "reactivate" },
      {
        form: { comment: "Back from Lisbon" },
      },
    );
    expect(done.location).toBe(A);
    expect(seen[0].form?.get("package_id")).toBe("5001");
    expect(seen[0].form?.get("comment")).toBe("Back from Lisbon");
    server.use(on("POST /services/{customerId}/reactivate-requests", () => refuse(422, { package_id: ["package_id.not_reactivatable"] })));
    const refused = await call(
      packageAction.action as Handler,
      `${A}/packages/5001/reactivate`,
      { ...P, verb: "reactivate" },
      { form: {} },
    );
    expect(refused.data.result.error[""]).toEqual(["api:package_id.not_reactivatable"]);
  });

  it("keeps the page on a 403 from the API", async () => {
    quiet();
    server.use(on("PUT /services/{customerId}/suspend", () => refuse(403)));
    const refused = await call(packageAction.action as Handler, `${A}/packages/5001/suspend`, { ...P, verb: "suspend" }, { form: {} });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual(["common:formErrors.forbidden"]);
  });
});

describe("move, cancel, withdraw", () => {
  const moveForm = { move_date: ahead(100), address_line1: "10 Bay Street", city: "Toronto", province: "ON", postal_code: "M5J 2R8" };

  it("sends a package that cannot move back to the account, and asks to move one that can", async () => {
    expect((await call(move.loader as Handler, `${A}/packages/5001/move`, P)).location).toBe(A);
    const seen = capture("POST /services/{customerId}/move-requests", () =>
      reply("POST /services/{customerId}/move-requests", { success: true, request_id: 70, status: "pending" }),
    );
    const done = await call(move.action as Handler, `${A}/packages/5001/move`, P, { form: moveForm });
    expect(done.location).toBe(A);
    expect(seen[0].form?.get("package_id")).toBe("5001");
    expect(seen[0].form?.get("postal_code")).toBe("M5J 2R8");
    const bad = await call(move.action as Handler, `${A}/packages/5001/move`, P, { form: { ...moveForm, postal_code: "12345" } });
    expect(bad.data.result.error).toEqual({ postal_code: ["api:postal_code.invalid_format"] });
  });

  it("offers the moving dates the API takes: from tomorrow in Toronto to a year ahead", async () => {
    const movable = bundle({ pending_requests: [], actions: { ...bundle().actions, can_move: true } });
    server.use(on("GET /services/{customerId}", () => reply("GET /services/{customerId}", services({ bundles: [movable] }))));
    const page = await call(move.loader as Handler, `${A}/packages/5001/move`, P);
    expect(page.data).toMatchObject({ earliest: ahead(1), latest: ahead(365) });
    expect(inputAttributes(move.default as never, page.data, "move_date")).toMatchObject({ type: "date", min: ahead(1), max: ahead(365) });
    // Today, which the input no longer offers, is what the schema refuses; tomorrow and a year ahead are taken.
    const form = { address_line1: "10 Bay Street", city: "Toronto", province: "ON", postal_code: "M5J 2R8" };
    const today = await call(move.action as Handler, `${A}/packages/5001/move`, P, { form: { ...form, move_date: ahead(0) } });
    expect(today.data.result.error).toEqual({ move_date: ["api:move_date.not_in_future"] });
    const tooFar = await call(move.action as Handler, `${A}/packages/5001/move`, P, { form: { ...form, move_date: ahead(366) } });
    expect(tooFar.data.result.error).toEqual({ move_date: ["api:move_date.too_far"] });
  });

  it("offers the cancellation dates the API takes: from today in Toronto to a year ahead", async () => {
    const page = await call(cancel.loader as Handler, `${A}/packages/5001/cancel`, P);
    expect(page.data).toMatchObject({ earliest: ahead(0), latest: ahead(365) });
    expect(inputAttributes(cancel.default as never, page.data, "cancel_date")).toMatchObject({
      type: "date",
      min: ahead(0),
      max: ahead(365),
    });
  });

  it("cancels only once the customer confirmed they understand, with a comment for another reason", async () => {
    const page = await call(cancel.loader as Handler, `${A}/packages/5001/cancel`, P);
    expect(page.data.services).toEqual(["Fibre 1 Gbps", "TV Essentials", "Home Phone"]);
    const form = { cancel_date: ahead(60), reason: "price" };
    const unconfirmed = await call(cancel.action as Handler, `${A}/packages/5001/cancel`, P, { form });
    expect(unconfirmed.data.result.error).toEqual({ understood: ["services:cancel.understoodRequired"] });
    const other = await call(cancel.action as Handler, `${A}/packages/5001/cancel`, P, {
      form: { ...form, reason: "other", understood: "on" },
    });
    expect(other.data.result.error).toEqual({ comment: ["api:comment.required"] });
    const seen = capture("POST /services/{customerId}/cancel-requests", () =>
      reply("POST /services/{customerId}/cancel-requests", { success: true, request_id: 71, status: "pending" }),
    );
    const done = await call(cancel.action as Handler, `${A}/packages/5001/cancel`, P, { form: { ...form, understood: "on" } });
    expect(done.location).toBe(A);
    expect(seen[0].form?.get("reason")).toBe("price");
    expect(seen[0].form?.has("understood")).toBe(false);
  });

  it("withdraws a pending request once confirmed, and sends one the account does not have to its services with a notice", async () => {
    const page = await call(withdraw.loader as Handler, `${A}/requests/61/withdraw`, { customerId: "100101", requestId: "61" });
    expect(page.data.request.kind).toBe("move");
    const seen = capture("DELETE /services/{customerId}/requests/{requestId}", () =>
      reply("DELETE /services/{customerId}/requests/{requestId}", { success: true }),
    );
    const done = await call(
      withdraw.action as Handler,
      `${A}/requests/61/withdraw`,
      { customerId: "100101", requestId: "61" },
      { form: {} },
    );
    expect(done.location).toBe(A);
    expect(seen[0].url.pathname).toMatch(/\/requests\/61$/);
    const other = await call(withdraw.loader as Handler, `${A}/requests/62/withdraw`, { customerId: "100101", requestId: "62" });
    expect(other.location).toBe(A);
    expect(await notificationsAfter(other)).toEqual([{ key: "services:requests.gone", type: "info" }]);
    expect((await call(withdraw.loader as Handler, `${A}/requests/x/withdraw`, { customerId: "100101", requestId: "x" })).status).toBe(404);
  });

  it("sends the back button after a withdrawal, or a request handled meanwhile, to the account's services, saying so", async () => {
    // Withdrawn (or handled by our team): the API no longer lists it among the package's pending requests.
    server.use(
      on("GET /services/{customerId}", () =>
        reply("GET /services/{customerId}", services({ bundles: [bundle({ pending_requests: [] })] })),
      ),
    );
    const asked = capture("DELETE /services/{customerId}/requests/{requestId}", () =>
      reply("DELETE /services/{customerId}/requests/{requestId}", { success: true }),
    );
    const ids = { customerId: "100101", requestId: "61" };
    for (const handler of [withdraw.loader, withdraw.action]) {
      const gone = await call(handler as Handler, `${A}/requests/61/withdraw`, ids, { form: {} });
      expect(gone.status).toBe(302);
      expect(gone.location).toBe(A);
      expect(await notificationsAfter(gone)).toEqual([{ key: "services:requests.gone", type: "info" }]);
    }
    expect(asked).toEqual([]);
    // Still listed, but no longer pending: the same.
    const done = bundle().pending_requests.map((r) => ({ ...r, status: "completed" as const }));
    server.use(
      on("GET /services/{customerId}", () =>
        reply("GET /services/{customerId}", services({ bundles: [bundle({ pending_requests: done })] })),
      ),
    );
    const completed = await call(withdraw.loader as Handler, `${A}/requests/61/withdraw`, ids);
    expect(completed.location).toBe(A);
    expect(await notificationsAfter(completed)).toEqual([{ key: "services:requests.gone", type: "info" }]);
  });
});

describe("a move, a cancellation and a pause of one package", () => {
  const moveForm = { move_date: "2027-02-15", address_line1: "10 Bay Street", city: "Toronto", province: "ON", postal_code: "M5J 2R8" };

  it("names a pending move's date before the pause form, and puts the API's refusal on the start date", async () => {
    const page = await call(pause.loader as Handler, `${A}/packages/5001/pause`, P);
    expect(page.data.movingOn).toBe("2027-02-01");
    server.use(on("POST /services/{customerId}/scheduled-pause", () => refuse(422, { start_date: ["start_date.includes_move"] })));
    const refused = await call(pause.action as Handler, `${A}/packages/5001/pause`, P, { form: { start_date: "2027-01-01", months: "2" } });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error).toEqual({ start_date: ["api:start_date.includes_move"] });
    const edit = await call(pauseEdit.loader as Handler, `${A}/pauses/41`, { customerId: "100101", pauseId: "41" });
    expect(edit.data.movingOn).toBe("2027-02-01");
  });

  it("names the package's pauses before the move form, and puts the API's refusal on the moving date", async () => {
    const movable = bundle({ pending_requests: [], actions: { ...bundle().actions, can_move: true } });
    server.use(on("GET /services/{customerId}", () => reply("GET /services/{customerId}", services({ bundles: [movable] }))));
    const page = await call(move.loader as Handler, `${A}/packages/5001/move`, P);
    expect(page.data.pauses).toEqual([{ from: "2027-01-01", until: "2027-03-01" }]);
    server.use(on("POST /services/{customerId}/move-requests", () => refuse(422, { move_date: ["move_date.during_pause"] })));
    const refused = await call(move.action as Handler, `${A}/packages/5001/move`, P, { form: moveForm });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error).toEqual({ move_date: ["api:move_date.during_pause"] });
  });

  it("offers no cancellation while a move is pending, and shows the API's refusal above the form", async () => {
    const moving = bundle({ actions: { ...bundle().actions, can_cancel: false } });
    server.use(on("GET /services/{customerId}", () => reply("GET /services/{customerId}", services({ bundles: [moving] }))));
    expect((await call(cancel.loader as Handler, `${A}/packages/5001/cancel`, P)).location).toBe(A);
    server.use(
      on("GET /services/{customerId}", () => reply("GET /services/{customerId}", services())),
      on("POST /services/{customerId}/cancel-requests", () => refuse(422, { package_id: ["package_id.move_pending"] })),
    );
    const refused = await call(cancel.action as Handler, `${A}/packages/5001/cancel`, P, {
      form: { cancel_date: "2027-01-31", reason: "moving", understood: "on" },
    });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:package_id.move_pending"]);
  });
});

describe("internet and TV", () => {
  it("shows the residential internet by package id and by service id", async () => {
    const byPackage = await call(internet.loader as Handler, "/resi-internet/5001", { packageId: "5001" });
    expect(byPackage.data.internet.plan.name).toBe("Fibre 1 Gbps");
    // /internet/view/{serviceId} is the commercial endpoint's address: a residential internet service goes to its package.
    const byService = await call(endpointLayout.loader as Handler, "/internet/view/7001", { serviceId: "7001" });
    expect(byService.location).toBe("/resi-internet/5001");
    expect((await call(endpointLayout.loader as Handler, "/internet/view/7002", { serviceId: "7002" })).status).toBe(404);
  });

  it("takes the internet's incidents from its call when the API includes them, asking nothing more", async () => {
    server.use(
      on("GET /residential-internet/{packageId}", ({ request }) =>
        new URL(request.url).searchParams.get("include") === "incidents"
          ? reply("GET /residential-internet/{packageId}", { internet_settings: internetSettings.internet_settings, incidents: [outage] })
          : refuse(422, { include: ["include.invalid"] }),
      ),
    );
    const calls = recordApiCalls();
    const result = await call(internet.loader as Handler, "/resi-internet/5001", { packageId: "5001" });
    expect(result.data.incidents).toEqual([outage]);
    expect(pageCalls(calls).map((c) => `${c.path}?${c.query}`)).toEqual(["/residential-internet/5001?include=incidents"]);
  });

  it("asks for the internet's incidents apart when the API leaves them out", async () => {
    server.use(on("GET /status/services/{serviceId}", () => reply("GET /status/services/{serviceId}", { incidents: [maintenance] })));
    const calls = recordApiCalls();
    const result = await call(internet.loader as Handler, "/resi-internet/5001", { packageId: "5001" });
    expect(result.data.incidents).toEqual([maintenance]);
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/residential-internet/5001", "/status/services/7001"]);
  });

  it("shows the TV by package id and by service id", async () => {
    expect((await call(tv.loader as Handler, "/resi-tv/5001", { packageId: "5001" })).data.tv.tv_go.account_email).toBe(
      "ravi.singh@example.com",
    );
    expect((await call(iptv.loader as Handler, "/iptv/7002", { serviceId: "7002" })).data.tv.name).toBe("TV Essentials");
    expect((await call(iptv.loader as Handler, "/iptv/7001", { serviceId: "7001" })).status).toBe(404);
  });

  it("asks for the TV by the service's id in one call", async () => {
    const calls = recordApiCalls();
    const result = await call(iptv.loader as Handler, "/iptv/7002", { serviceId: "7002" });
    expect(result.data.tv.name).toBe("TV Essentials");
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/residential-tv/services/7002"]);
  });

  it("finds the TV through the account's packages when the API cannot answer by service", async () => {
    server.use(on("GET /residential-tv/services/{serviceId}", () => refuse(404)));
    const calls = recordApiCalls();
    const result = await call(iptv.loader as Handler, "/iptv/7002", { serviceId: "7002" });
    expect(result.data.tv.name).toBe("TV Essentials");
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/residential-tv/services/7002", "/services/100101", "/residential-tv/5001"]);
    expect((await call(iptv.loader as Handler, "/iptv/7001", { serviceId: "7001" })).status).toBe(404);
  });

  it("answers 403 for a TV service of someone else's", async () => {
    server.use(on("GET /residential-tv/services/{serviceId}", () => refuse(403)));
    expect((await call(iptv.loader as Handler, "/iptv/9002", { serviceId: "9002" })).status).toBe(403);
  });

  it("sends the TV page what it shows, not the API's whole answer", async () => {
    const { tv: shown } = (await call(tv.loader as Handler, "/resi-tv/5001", { packageId: "5001" })).data;
    expect(Object.keys(shown.channels[0]).sort()).toEqual(["hd", "language", "name", "number", "source"]);
    expect(shown.theme_packs.find((p: { code: string }) => p.code === "sports")).toMatchObject({
      subscribed: true,
      channel_count: 1,
    });
    expect(Object.keys(shown.set_top_boxes[0])).not.toContain("mac_address");
  });

  it("without an id, goes to the active residential account's internet or TV (the query kept)", async () => {
    const noId = (handler: Handler, url: string, extra: Partial<RouteCall> = {}) => call(handler, url, {}, extra);
    expect((await noId(internet.loader as Handler, "/resi-internet")).location).toBe("/resi-internet/5001");
    expect((await noId(tv.loader as Handler, "/resi-tv?lng=fr")).location).toBe("/resi-tv/5001?lng=fr");
    expect((await noId(iptv.loader as Handler, "/iptv")).location).toBe("/iptv/7002");
    // The active account is commercial: the residential one is the one with these services.
    const cookie = `${await signedInCookie()}; activeCustomerId=200301`;
    expect((await noId(iptv.loader as Handler, "/iptv", { cookie })).location).toBe("/iptv/7002");
  });

  it("without an id, answers 404 when the account has no such service or the user no residential account", async () => {
    server.use(
      on("GET /services/{customerId}", () =>
        reply(
          "GET /services/{customerId}",
          services({ bundles: [bundle({ services: bundle().services.filter((s) => s.category !== "tv") })] }),
        ),
      ),
    );
    expect((await call(tv.loader as Handler, "/resi-tv", {})).status).toBe(404);
    expect((await call(internet.loader as Handler, "/resi-internet", {})).location).toBe("/resi-internet/5001");
    server.use(on("GET /dashboard", () => reply("GET /dashboard", { customers: [commercialCustomer], username: "business@example.com" })));
    expect((await call(internet.loader as Handler, "/resi-internet", {})).status).toBe(404);
  });

  it("shows the forbidden page for a package of someone else", async () => {
    server.use(on("GET /residential-internet/{packageId}", () => refuse(403)));
    expect((await call(internet.loader as Handler, "/resi-internet/6001", { packageId: "6001" })).status).toBe(403);
  });
});
