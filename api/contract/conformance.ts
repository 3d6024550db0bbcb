/**
 * Checks a backend against the contract: signs in, finds the user's customers, packages, services,
 * invoices and support tickets, then calls every GET endpoint of the contract that a signed-in user can reach with each id
 * that fits it, and parses every 200 answer with the endpoint's schema. Used by `npm run api:check`
 * (an operator's own backend) and by the reference service's tests.
 *
 * What counts as a failure: a 200 answer that does not match its schema (or a PDF that is not one, or a
 * stored file not sent as an attachment of one of its purpose's types, with nosniff), a
 * 5xx, a refusal that is not JSON with `success: false`, and an endpoint that no id could reach.
 * 401, 403 and 404 for ids that do not fit (a commercial id on a residential screen) are expected.
 */
import { AccessTokenAnswer, TwoStepRequiredAnswer } from "./auth.ts";
import { ErrorAnswer } from "./common.ts";
import { CommercialDashboardAnswer, DashboardAnswer, ResidentialDashboardAnswer } from "./dashboard.ts";
import type { Endpoint } from "./endpoint.ts";
import { FILE_RULES } from "./files.ts";
import { endpoints } from "./index.ts";

export interface ConformanceOptions {
  /** The API base, including /api/v1. */
  baseUrl: string;
  username: string;
  password: string;
  /** Language of the answers. */
  language?: "en" | "fr";
  fetch?: typeof fetch;
}

export interface EndpointReport {
  method: string;
  path: string;
  /** Concrete paths called, with their status. */
  calls: { path: string; status: number }[];
  /** How many answered 200 and matched the schema. */
  ok: number;
  problems: string[];
}

export interface ConformanceReport {
  username: string;
  customers: number[];
  endpoints: EndpointReport[];
  /** GET endpoints not checked, and why (public ones need a token from an e-mail). */
  skipped: { path: string; reason: string }[];
}

/** Ids found for the user, by what a path parameter stands for. */
interface Ids {
  customers: number[];
  packages: number[];
  services: number[];
}

const CUSTOMER_SEGMENTS = new Set([
  "dashboard",
  "residential-dashboard",
  "commercial-dashboard",
  "billing",
  "customer",
  "residential-customer",
  "account-details",
  "services",
  "profile-details",
  "wifi-names",
  "support",
]);
const PACKAGE_SEGMENTS = new Set(["wifi", "residential-internet", "residential-tv"]);
const SERVICE_SEGMENTS = new Set(["router", "internet", "cabinet-spaces"]);

/** The candidate values of one path parameter of a template. */
function candidatesFor(template: string, parameter: string, ids: Ids): number[] | null {
  const segment = template.split("/")[1];
  // A parameter's name says which id it takes (/residential-tv/services/{serviceId}); a bare {id}, its segment.
  if (parameter === "serviceId") return ids.services;
  if (parameter === "packageId" || PACKAGE_SEGMENTS.has(segment)) return ids.packages;
  if (SERVICE_SEGMENTS.has(segment)) return ids.services;
  if (parameter === "customerId" || (parameter === "id" && CUSTOMER_SEGMENTS.has(segment))) return ids.customers;
  return null;
}

/**
 * Whether the checker can call this endpoint as a signed-in user with the ids it knows, or as anyone
 * (a public one without a path parameter: the service status; signing out would end its own session).
 * Development-only endpoints (/dev/…) are left out: a production backend answers them 404.
 */
export function checkable(e: Endpoint): boolean {
  if (e.method !== "get" || e.path.startsWith("/oauth2/") || e.path.startsWith("/dev/") || e.path === "/auth/logout") return false;
  const parameters = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (e.auth === "public") return parameters.length === 0;
  return parameters.every(
    (p) =>
      p === "invoiceId" ||
      p === "ticketNumber" ||
      p === "attachmentId" ||
      candidatesFor(e.path, p, { customers: [], packages: [], services: [] }) !== null,
  );
}

export async function checkBackend(options: ConformanceOptions): Promise<ConformanceReport> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const language = options.language ?? "en";

  const signIn = await doFetch(`${base}/auth/access-token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ username: options.username, password: options.password }),
  });
  const signInBody: unknown = await signIn.json().catch(() => null);
  if (TwoStepRequiredAnswer.safeParse(signInBody).success) {
    throw new Error(`${options.username} has two-step verification on: check the API as a user without it`);
  }
  const tokens = AccessTokenAnswer.safeParse(signInBody);
  if (!signIn.ok || !tokens.success) throw new Error(`Sign-in of ${options.username} answered ${signIn.status} without tokens`);
  const headers = { Authorization: `Bearer ${tokens.data.token}`, Accept: "application/json", "Accept-Language": language };

  const get = async (path: string) => {
    const response = await doFetch(base + path, { headers });
    const type = response.headers.get("content-type") ?? "";
    const bytes = new Uint8Array(await response.arrayBuffer());
    let json: unknown = undefined;
    if (type.includes("json")) {
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        json = undefined;
      }
    }
    const disposition = response.headers.get("content-disposition") ?? "";
    const nosniff = response.headers.get("x-content-type-options") ?? "";
    return { status: response.status, type, bytes, json, disposition, nosniff };
  };

  // What the user can reach.
  const dashboard = DashboardAnswer.parse((await get("/dashboard")).json);
  const ids: Ids = { customers: dashboard.customers.map((c) => c.customer_id), packages: [], services: [] };
  const invoicePdfs: string[] = [];
  /** A ticket's address per customer with tickets (its conversation: GET /support/tickets/{customerId}/{ticketNumber}). */
  const ticketPaths: string[] = [];
  /** A file of a ticket's conversation per customer with one (GET …/{ticketNumber}/attachments/{attachmentId}). */
  const attachmentPaths: string[] = [];
  for (const customer of dashboard.customers) {
    const id = customer.customer_id;
    if (customer.isResidential) {
      const answer = ResidentialDashboardAnswer.safeParse((await get(`/residential-dashboard/${id}`)).json);
      if (answer.success) {
        ids.packages.push(...answer.data.bundled_services.map((b) => b.package_id));
        ids.services.push(...answer.data.services.internet.map((s) => s.service_id), ...answer.data.services.tv.map((s) => s.service_id));
      }
    } else {
      const answer = CommercialDashboardAnswer.safeParse((await get(`/commercial-dashboard/${id}`)).json);
      if (answer.success) ids.services.push(...answer.data.serviceData.flatMap((group) => group.services.map((s) => s.service_id)));
    }
    const invoices = (await get(`/billing/${id}/invoices`)).json as { invoices?: { pdf_path?: string }[] } | undefined;
    const pdf = invoices?.invoices?.[0]?.pdf_path;
    if (pdf) invoicePdfs.push(pdf.replace(/^\/api\/v1/, ""));
    const tickets = (await get(`/support/tickets/${id}`)).json as
      { customer_tickets?: { ticket_number?: string; attachments?: unknown[] }[] } | undefined;
    const ticket = tickets?.customer_tickets?.[0]?.ticket_number;
    if (ticket) ticketPaths.push(`/support/tickets/${id}/${encodeURIComponent(ticket)}`);
    const withFiles = tickets?.customer_tickets?.find((t) => t.ticket_number && t.attachments?.length)?.ticket_number;
    if (withFiles) {
      const path = `/support/tickets/${id}/${encodeURIComponent(withFiles)}`;
      const thread = (await get(path)).json as { messages?: { attachments?: { attachment_id?: number }[] }[] } | undefined;
      const file = thread?.messages?.flatMap((m) => m.attachments ?? []).find((a) => a.attachment_id !== undefined);
      if (file) attachmentPaths.push(`${path}/attachments/${file.attachment_id}`);
    }
  }

  const report: ConformanceReport = { username: options.username, customers: ids.customers, endpoints: [], skipped: [] };
  for (const e of endpoints) {
    if (e.method !== "get") continue;
    if (!checkable(e)) {
      report.skipped.push({
        path: e.path,
        reason:
          e.path === "/auth/logout"
            ? "would end the checker's own session"
            : e.path.startsWith("/dev/")
              ? "development only (404 in production)"
              : e.auth === "public"
                ? "public: needs a token sent by e-mail"
                : "needs an OAuth client",
      });
      continue;
    }
    const entry: EndpointReport = { method: "GET", path: e.path, calls: [], ok: 0, problems: [] };
    report.endpoints.push(entry);

    let paths: string[];
    if (e.path.includes("{invoiceId}")) paths = invoicePdfs;
    else if (e.path.includes("{attachmentId}")) paths = attachmentPaths;
    else if (e.path.includes("{ticketNumber}")) paths = ticketPaths;
    else {
      paths = [e.path];
      for (const [, parameter] of e.path.matchAll(/\{(\w+)\}/g)) {
        const values = candidatesFor(e.path, parameter, ids) ?? [];
        paths = paths.flatMap((path) => values.map((value) => path.replace(`{${parameter}}`, String(value))));
      }
    }

    for (const path of paths) {
      const answer = await get(path);
      entry.calls.push({ path, status: answer.status });
      if (answer.status === 200) {
        if (e.answerFile) {
          const types: readonly string[] = FILE_RULES[e.answerFile].types;
          const problem = !types.includes(answer.type.split(";")[0].trim())
            ? `a file of type ${answer.type || "(none)"}`
            : !/^attachment\b/.test(answer.disposition)
              ? "a file not sent as an attachment"
              : answer.nosniff !== "nosniff"
                ? "a file without X-Content-Type-Options: nosniff"
                : null;
          if (problem) entry.problems.push(`${path}: ${problem}`);
          else entry.ok++;
          continue;
        }
        if (e.answerType === "application/pdf") {
          const magic = new TextDecoder().decode(answer.bytes.slice(0, 5));
          if (magic !== "%PDF-") entry.problems.push(`${path}: not a PDF`);
          else entry.ok++;
          continue;
        }
        const parsed = e.answer.safeParse(answer.json);
        if (parsed.success) entry.ok++;
        else {
          const issue = parsed.error.issues[0];
          entry.problems.push(`${path}: answer does not match the contract at ${issue.path.join(".") || "(root)"}: ${issue.message}`);
        }
      } else if (answer.status >= 500) {
        entry.problems.push(`${path}: ${answer.status}`);
      } else if (!ErrorAnswer.safeParse(answer.json).success) {
        entry.problems.push(`${path}: a ${answer.status} refusal is not { success: false, message }`);
      }
    }
    if (entry.ok === 0 && entry.problems.length === 0) {
      entry.problems.push(paths.length ? "no id of this user reached it (no 200 answer)" : "no id of this user fits it");
    }
  }
  return report;
}

/** The endpoints no user reached, or that failed for one of them (several reports: several users). */
export function conformanceFailures(reports: ConformanceReport[]): string[] {
  const failures: string[] = [];
  const reached = new Set<string>();
  for (const report of reports) {
    for (const entry of report.endpoints) {
      if (entry.ok > 0) reached.add(entry.path);
      for (const problem of entry.problems) {
        if (problem.startsWith("no id")) continue;
        failures.push(`${report.username} GET ${problem}`);
      }
    }
  }
  for (const entry of reports[0]?.endpoints ?? []) {
    if (!reached.has(entry.path)) failures.push(`GET ${entry.path}: no user reached it with a 200 answer`);
  }
  return failures;
}
