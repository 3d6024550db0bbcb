/**
 * A file of a support request's conversation (msw answers as the API): the resource route streams the
 * API's file through with the customer's token, as an attachment that is never sniffed nor cached; a
 * refusal is the product's error page. And the conversation links each file on the customer's page,
 * saying that it downloads it (in English and in French), while the visitor's view lists files only.
 */
import type { MiddlewareFunction } from "react-router";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import type { Language } from "../../app/lib/i18n.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";
import { Conversation } from "../../app/components/support/Conversation.tsx";
import * as attachmentRoute from "../../app/routes/support/ticket-attachment.tsx";
import { ticketAttachmentFile } from "../../app/routes/support/ticket-attachment.server.ts";
import { on, refuse } from "../mocks/contract.ts";
import { SPEED_TEST, SPEED_TEST_BYTES, thread } from "../mocks/support.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const ENDPOINT = "GET /support/tickets/{customerId}/{ticketNumber}/attachments/{attachmentId}";

/** The file as the browser asks for it (a document): the route's middleware answers it, or its loader the error page. */
const download = async (customerId: string, ticketNumber: string, attachmentId: string, query = "") =>
  callRoute<any>(attachmentRoute.loader, {
    url: `/support/${customerId}/tickets/${ticketNumber}/attachments/${attachmentId}${query}`,
    params: { customerId, ticketNumber, attachmentId },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware, ...(attachmentRoute.middleware as unknown as MiddlewareFunction<Response>[])],
  });

/** The calls of the route itself, without the account list's. */
const fileCalls = (calls: ReturnType<typeof recordApiCalls>) => calls.filter((c) => c.path !== "/dashboard" && c.path !== "/revision");

describe("the file of a request's conversation", () => {
  it("streams the API's file with the customer's token: its type, name and length, as an attachment never sniffed nor cached", async () => {
    const calls = recordApiCalls();
    let received: Uint8Array | undefined;
    const result = await callRoute<any>(
      async (args: any) => {
        const response = await ticketAttachmentFile(args.context, args.request, args.params);
        received = new Uint8Array(await response.clone().arrayBuffer());
        return response;
      },
      {
        url: "/support/100101/tickets/cs-1041/attachments/501",
        params: { customerId: "100101", ticketNumber: "cs-1041", attachmentId: "501" },
        cookie: await signedInCookie(),
        middleware: [requireUserMiddleware],
      },
    );
    expect(result.status).toBe(200);
    expect(received).toEqual(SPEED_TEST_BYTES);
    expect(result.headers.get("Content-Type")).toBe("image/png");
    expect(result.headers.get("Content-Disposition")).toBe('attachment; filename="speed-test.png"');
    expect(result.headers.get("Content-Length")).toBe(String(SPEED_TEST_BYTES.length));
    expect(result.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(result.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const [call] = fileCalls(calls);
    // The number as the API knows it (upper case), with the customer's token.
    expect(`${call.method} ${call.path}`).toBe("GET /support/tickets/100101/CS-1041/attachments/501");
    expect(call.authorization).toMatch(/^Bearer ey/);
  });

  it("answers the file through the route's middleware, before any page is made", async () => {
    const result = await download("100101", "CS-1041", "501");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("image/png");
    expect(result.headers.get("Content-Disposition")).toBe('attachment; filename="speed-test.png"');
  });

  it("sends even a file the API answers in place as an attachment, never shown as a page of the portal", async () => {
    server.use(on(ENDPOINT, () => new Response("<script>alert(1)</script>", { headers: { "Content-Type": "text/html" } })));
    const result = await download("100101", "CS-1041", "501");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Disposition")).toBe("attachment");
    expect(result.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(result.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
  });

  it("is the not-found page for a file the API does not find for this request", async () => {
    const result = await download("100101", "CS-1041", "999");
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "not-found" });
    expect(result.headers.get("Content-Disposition")).toBeNull();
  });

  it("is the unavailable page when the API does not answer", async () => {
    server.use(on(ENDPOINT, () => refuse(503)));
    const result = await download("100101", "CS-1041", "501");
    expect(result.status).toBe(503);
    expect(result.headers.get("Content-Disposition")).toBeNull();
  });

  it.each(["abc", "5o1", "-1", "1.5", "501abc"])("answers 404 for the file id %j, without asking the API", async (attachmentId) => {
    const calls = recordApiCalls();
    const result = await download("100101", "CS-1041", attachmentId);
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "unmatched" });
    expect(fileCalls(calls)).toEqual([]);
  });

  it("answers 404 for what is not a ticket number, and 403 for someone else's account, without asking the API", async () => {
    const calls = recordApiCalls();
    const notTicket = await download("100101", "not-a-ticket", "501");
    expect(notTicket.status).toBe(404);
    expect(notTicket.data).toEqual({ kind: "not-found" });
    const elsewhere = await download("999999", "CS-1041", "501");
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.data).toEqual({ kind: "forbidden" });
    expect(fileCalls(calls)).toEqual([]);
  });

  it("sends a client-side navigation here to the file as a document", async () => {
    const result = await callRoute<any>(attachmentRoute.loader, {
      url: "/support/100101/tickets/CS-1041/attachments/501.data",
      params: { customerId: "100101", ticketNumber: "CS-1041", attachmentId: "501" },
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware, ...(attachmentRoute.middleware as unknown as MiddlewareFunction<Response>[])],
    });
    expect(result.status).toBeGreaterThanOrEqual(300);
    expect(result.status).toBeLessThan(400);
  });
});

/** The conversation as the server renders it, with every text of a language. */
function render(element: () => ReactNode, language: Language = "en"): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => ({ brand: "Lakeshore" }), Component: () => element() }]);
  return renderToString(
    h(
      TextsContext.Provider,
      { value: completeTexts(language, resources[language], new Set()) },
      h(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { root: { brand: "Lakeshore" } } } }),
    ),
  );
}

describe("the conversation's files", () => {
  const { messages } = thread();
  const href = (id: number) => `/support/100101/tickets/CS-1041/attachments/${id}`;

  it("links each file on the customer's page, saying it downloads it, its size visible", () => {
    const html = render(() => h(Conversation, { messages, headingId: "c", fileHref: href }));
    expect(html).toContain(
      `<a href="/support/100101/tickets/CS-1041/attachments/${SPEED_TEST.attachment_id}" class="font-medium" aria-label="Download speed-test.png (47.1 kB)" data-testid="attachment-link">speed-test.png (47.1 kB)</a>`,
    );
  });

  it("says so in French", () => {
    const html = render(() => h(Conversation, { messages, headingId: "c", fileHref: href }), "fr");
    expect(html).toMatch(
      /<a href="[^"]+\/attachments\/501"[^>]* aria-label="Télécharger speed-test\.png \(47,1\s+ko\)"[^>]*>speed-test\.png \(47,1\s+ko\)<\/a>/,
    );
  });

  it("lists files without links in the visitor's view", () => {
    const html = render(() => h(Conversation, { messages, headingId: "c" }));
    expect(html).toContain("speed-test.png (47.1 kB)");
    expect(html).not.toContain("<a ");
  });
});
