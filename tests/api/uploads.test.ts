/**
 * Bodies bounded before they are read, and files that are what they say (issue 26): what is refused
 * before a byte of the body is read, what is refused as it streams, what the content checks refuse, where
 * accepted files are kept, that nothing is left behind a refusal, the cap on a user's uploads at once,
 * and how a stored file is served.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Agent, request as httpRequest, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { OpenTicketAnswer } from "#contract/support";
import { STORED_FILE_HEADERS, sendStoredFile, type StoredFile } from "../../api/service/files.ts";
import { MAX_UPLOADS_PER_USER } from "../../api/service/uploads.ts";
import {
  HTML_PAYLOAD,
  jpegWithHtml,
  pdfHeaderThenHtml,
  pdfThenHtml,
  pdfWithJavaScript,
  sampleJpeg,
  samplePdf,
  samplePng,
} from "../support/sample-files.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

const MB = 1024 * 1024;
const RESI = 100101;
const FAMILY_HOME = 100201; // suspended for non-payment: takes proof of payment
const HARBOURFRONT = 200301;

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};
const ticket = { category: "internet", subject: "Slow evenings", description: "Speed drops every evening after 8 pm." };

function ticketForm(files: [string, Uint8Array | Buffer, string][], fields: Record<string, string> = ticket, field = "attachments") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [name, bytes, type] of files) form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
const incoming = () => filesUnder(api.service.files.incomingDir);
const kept = () => filesUnder(api.service.files.filesDir);

/** Waits (at most 5 s) until the incoming area is empty and the kept files are `keptCount`: cleaning up follows the answer. */
async function expectDiskSettled(keptCount: number) {
  const deadline = Date.now() + 5000;
  while ((incoming().length || kept().length !== keptCount) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(incoming()).toEqual([]);
  expect(kept()).toHaveLength(keptCount);
}

const uploadedRows = async () => (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM uploaded_files"))!.n;

interface RawAnswer {
  status: number;
  body: string;
  /** Body bytes the client had written when the answer's headers arrived. */
  writtenBeforeAnswer: number;
  ms: number;
}

/**
 * A POST written by hand: `head`, then `filler` bytes of "0" in 64 KiB chunks as fast as the server reads
 * them, then `tail`, stopping as soon as an answer arrives. `declare` sends Content-Length (else chunked).
 * With `hold`, the body stops after the head and the request stays open (see `held`).
 */
function rawPost(
  urlPath: string,
  options: {
    token?: string;
    head?: Buffer;
    filler?: number;
    tail?: Buffer;
    declare?: number | "exact";
    boundary?: string;
    hold?: boolean;
    method?: string;
  },
): { answer: Promise<RawAnswer>; request: ClientRequest } {
  const head = options.head ?? Buffer.alloc(0);
  const tail = options.tail ?? Buffer.alloc(0);
  const filler = options.filler ?? 0;
  const total = head.length + filler + tail.length;
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${options.boundary ?? "b0undary"}` };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.declare !== undefined) headers["Content-Length"] = String(options.declare === "exact" ? total : options.declare);
  const started = performance.now();
  // A connection of its own, kept alive as a browser's (with "Connection: close" the server would close it
  // under the rest of the body as soon as it has answered).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const request = httpRequest(`${api.baseUrl}${urlPath}`, { method: options.method ?? "POST", headers, agent });
  request.once("close", () => agent.destroy());
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let written = 0;
    let answered: Omit<RawAnswer, "body"> | null = null;
    request.on("response", (res) => {
      answered = { status: res.statusCode ?? 0, writtenBeforeAnswer: written, ms: performance.now() - started };
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        request.destroy();
        resolve({ ...answered!, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    // The server may close the connection under the rest of the upload once it has answered.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x30);
    let sentFiller = 0;
    let headSent = false;
    const pump = (): unknown => {
      if (request.destroyed) return;
      if (!headSent) {
        headSent = true;
        written += head.length;
        if (!request.write(head)) return request.once("drain", pump);
      }
      if (options.hold) return;
      while (!answered && sentFiller < filler) {
        const piece = chunk.subarray(0, Math.min(chunk.length, filler - sentFiller));
        sentFiller += piece.length;
        written += piece.length;
        if (!request.write(piece)) return request.once("drain", pump);
      }
      if (!answered) {
        written += tail.length;
        request.end(tail);
      }
    };
    pump();
  });
  // Tests that hold a request and then drop it never read its answer.
  answer.catch(() => undefined);
  return { answer, request };
}

/** The multipart text of a form's fields and the head of one file part whose bytes follow. */
function multipartHead(fields: Record<string, string>, file: { field: string; name: string; type: string }, boundary = "b0undary") {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return Buffer.from(parts.join(""));
}
const multipartTail = (boundary = "b0undary") => Buffer.from(`\r\n--${boundary}--\r\n`);

const cheque = { field: "attachments", name: "scan.pdf", type: "application/pdf" };

describe("refused before the body is read", () => {
  it("answers an unknown path or method at once, whatever the body declares, even with a valid token", async () => {
    for (const [method, target] of [
      ["POST", "/no-such-endpoint"],
      ["POST", "/support/tickets"],
      ["PUT", `/support/tickets/${RESI}`],
    ]) {
      const { answer } = rawPost(target, { method, token: resi, head: multipartHead({}, cheque), declare: 5 * 25 * MB, hold: true });
      const { status, body, writtenBeforeAnswer } = await answer;
      expect(status, `${method} ${target}`).toBe(404);
      expect(JSON.parse(body)).toMatchObject({ success: false, message: "Endpoint not found" });
      expect(writtenBeforeAnswer).toBeLessThan(1024);
    }
  });

  it("answers 401 at once without a token or with a bad one, declared or chunked", async () => {
    for (const token of [undefined, "forged", `${resi}x`]) {
      for (const declare of [20 * MB, undefined]) {
        const { answer } = rawPost(`/support/tickets/${RESI}`, { token, head: multipartHead(ticket, cheque), declare, hold: true });
        const { status, writtenBeforeAnswer } = await answer;
        expect(status).toBe(401);
        expect(writtenBeforeAnswer).toBeLessThan(1024);
      }
    }
  });

  it("answers 413 at once to a declared length past the endpoint's limit (its files plus room for fields)", async () => {
    const before = await uploadedRows();
    // Support: 5 files × 10 MB + 256 KB; proof of payment: 5 × 20 MB + 256 KB; a void cheque: 1 × 20 MB + 256 KB; a text endpoint: 200 KB.
    for (const [method, target, token, declare] of [
      ["POST", `/support/tickets/${RESI}`, resi, 50 * MB + 256 * 1024 + 1],
      ["POST", `/support/tickets/${RESI}`, resi, 5 * 25 * MB],
      ["POST", `/billing/${FAMILY_HOME}/proof-of-payment`, family, 100 * MB + 256 * 1024 + 1],
      ["POST", `/billing/${FAMILY_HOME}/autopay/pad`, family, 25 * MB],
      ["PUT", "/profile-settings/password", resi, 300 * 1024],
      ["POST", "/auth/forgot-password", undefined, 300 * 1024],
    ] as const) {
      const { answer } = rawPost(target, { method, token, head: multipartHead(ticket, cheque), declare, hold: true });
      const { status, writtenBeforeAnswer } = await answer;
      expect(status, target).toBe(413);
      expect(writtenBeforeAnswer).toBeLessThan(1024);
    }
    expect(await uploadedRows()).toBe(before);
    await expectDiskSettled(kept().length);
  });

  it("counts a chunked body as it streams and stops it past the endpoint's limit", async () => {
    const { answer } = rawPost(`/support/tickets/${RESI}`, {
      token: resi,
      // Many small files' worth of bytes in a field the endpoint does not take: only the total stops them.
      head: multipartHead({}, { field: "photos", name: "a.pdf", type: "application/pdf" }),
      filler: 200 * MB,
      tail: multipartTail(),
    });
    const { status, writtenBeforeAnswer } = await answer;
    expect(status).toBe(413);
    // The limit is 50.25 MB; what the sockets buffer besides is a few megabytes, not 200.
    expect(writtenBeforeAnswer).toBeGreaterThan(50 * MB);
    expect(writtenBeforeAnswer).toBeLessThan(80 * MB);
    await expectDiskSettled(kept().length);
  });
});

describe("refused as it streams", () => {
  it("stops a file at its purpose's limit, naming the field, and keeps nothing of it", async () => {
    const keptBefore = kept().length;
    const { answer } = rawPost(`/support/tickets/${RESI}`, {
      token: resi,
      head: multipartHead(ticket, cheque),
      filler: 40 * MB,
      tail: multipartTail(),
      declare: "exact",
    });
    const { status, body, writtenBeforeAnswer } = await answer;
    expect(status).toBe(422);
    expect(errorsOf(JSON.parse(body))).toEqual({ attachments: ["attachments.too_large"] });
    // Answered once 10 MB had arrived, not after the 40 MB declared.
    expect(writtenBeforeAnswer).toBeLessThan(30 * MB);
    await expectDiskSettled(keptBefore);
  });

  it("stops at the file past the purpose's count", async () => {
    const before = await uploadedRows();
    const twoCheques = new FormData();
    for (const [name, value] of Object.entries({ institution_number: "003", transit_number: "06232", account_number: "0012345678" })) {
      twoCheques.append(name, value);
    }
    twoCheques.append("void_cheque", new File([new Uint8Array(samplePdf())], "a.pdf", { type: "application/pdf" }));
    twoCheques.append("void_cheque", new File([new Uint8Array(samplePdf())], "b.pdf", { type: "application/pdf" }));
    const { status, body } = await api.call("POST", `/billing/${FAMILY_HOME}/autopay/pad`, {
      token: family,
      form: twoCheques,
      headers: { "Idempotency-Key": "two-cheques" },
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ void_cheque: ["void_cheque.too_many"] });
    expect(await uploadedRows()).toBe(before);
  });

  it.each([
    ["a file it takes", cheque],
    ["a file in a field it does not take", { ...cheque, field: "other" }],
  ])("refuses a body that ends in the middle of %s (no closing boundary) with 400, and keeps answering", async (_, file) => {
    const keptBefore = kept().length;
    const { answer } = rawPost(`/support/tickets/${RESI}`, {
      token: resi,
      head: multipartHead(ticket, file),
      filler: 4096,
      declare: "exact",
    });
    const { status, body } = await answer;
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ success: false, message: "Malformed multipart body" });
    await expectDiskSettled(keptBefore);
    expect((await api.call("GET", "/dashboard", { token: resi })).status).toBe(200);
  });
});

describe("files are what they say they are", () => {
  it("refuses a PDF or JPEG header followed by HTML, HTML after a PDF, and a PDF with JavaScript, with a field error", async () => {
    const before = await uploadedRows();
    const keptBefore = kept().length;
    for (const [name, bytes, type] of [
      ["invoice.pdf", pdfHeaderThenHtml(), "application/pdf"],
      ["photo.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from(HTML_PAYLOAD)]), "image/jpeg"],
      ["photo.jpg", jpegWithHtml(), "image/jpeg"],
      ["statement.pdf", pdfThenHtml(), "application/pdf"],
      ["form.pdf", pdfWithJavaScript(), "application/pdf"],
    ] as const) {
      const { status, body } = await api.call("POST", `/support/tickets/${HARBOURFRONT}`, {
        token: business,
        form: ticketForm(
          [
            ["fine.png", samplePng(), "image/png"],
            [name, bytes, type],
          ],
          { ...ticket, category: "outage" },
        ),
      });
      expect(status, name).toBe(422);
      expect(errorsOf(body), name).toEqual({ attachments: ["attachments.unsafe_content"] });
    }
    const proof = new FormData();
    proof.append("attachments", new File([new Uint8Array(pdfHeaderThenHtml())], "receipt.pdf", { type: "application/pdf" }));
    const refused = await api.call("POST", `/billing/${FAMILY_HOME}/proof-of-payment`, { token: family, form: proof });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.body)).toEqual({ attachments: ["attachments.unsafe_content"] });
    expect(await uploadedRows()).toBe(before);
    await expectDiskSettled(keptBefore);
  });

  it("refuses a file whose first bytes are right but whose structure is not (a header alone)", async () => {
    const { status, body } = await api.call("POST", `/support/tickets/${RESI}`, {
      token: resi,
      form: ticketForm([["scan.pdf", Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n"), "application/pdf"]]),
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ attachments: ["attachments.type"] });
  });

  it("keeps valid PDF, PNG and JPEG files on disk, with their detected type, size and SHA-256", async () => {
    const keptBefore = kept().length;
    const files: [string, Buffer, string][] = [
      ["scan.pdf", samplePdf(300 * 1024), "application/pdf"],
      // The type claimed is not the one stored: the content decides.
      ["router.png", samplePng(), "application/octet-stream"],
      ["photo.jpeg", sampleJpeg(2 * MB), "image/jpeg"],
    ];
    const { status, body } = await api.call("POST", `/support/tickets/${RESI}`, { token: resi, form: ticketForm(files) });
    expect(status).toBe(201);
    const { ticket_id } = OpenTicketAnswer.parse(body);
    const rows = await api.db.query<{
      file_name: string;
      media_type: string;
      size_bytes: number;
      sha256: string;
      storage_key: string;
      content: unknown;
    }>(
      `SELECT f.file_name, f.media_type, f.size_bytes, f.sha256, f.storage_key, f.content
         FROM uploaded_files f JOIN support_ticket_attachments a ON a.file_id = f.id WHERE a.ticket_id = $1 ORDER BY f.id`,
      [ticket_id],
    );
    expect(rows.map((row) => [row.file_name, row.media_type, row.size_bytes])).toEqual([
      ["scan.pdf", "application/pdf", files[0][1].length],
      ["router.png", "image/png", files[1][1].length],
      ["photo.jpeg", "image/jpeg", files[2][1].length],
    ]);
    rows.forEach((row, i) => {
      expect(row.content).toBeNull();
      expect(row.sha256).toBe(createHash("sha256").update(files[i][1]).digest("hex"));
      const onDisk = readFileSync(api.service.files.pathOf(row.storage_key));
      expect(onDisk.equals(files[i][1])).toBe(true);
    });
    await expectDiskSettled(keptBefore + 3);
  });

  it("moved the bytes kept in the database before the file store to disk at start", async () => {
    const rows = await api.db.query<{ sha256: string; storage_key: string | null; content: unknown }>(
      "SELECT sha256, storage_key, content FROM uploaded_files WHERE uploaded_by IS NOT NULL AND created_at < $1",
      [new Date("2026-11-15T00:00:00Z")],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.content).toBeNull();
      const bytes = readFileSync(api.service.files.pathOf(row.storage_key!));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.sha256);
    }
  });
});

describe("nothing is left on disk", () => {
  it("after a transaction that rolls back once the files were kept", async () => {
    const keptBefore = kept().length;
    const rowsBefore = await uploadedRows();
    await api.db.exec(`
      CREATE FUNCTION refuse_submission() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER refuse_submission BEFORE INSERT ON proof_of_payment_submissions FOR EACH ROW EXECUTE FUNCTION refuse_submission();
    `);
    try {
      const form = new FormData();
      form.append("attachments", new File([new Uint8Array(samplePdf())], "receipt.pdf", { type: "application/pdf" }));
      form.append("attachments", new File([new Uint8Array(samplePng())], "receipt.png", { type: "image/png" }));
      const { status } = await api.call("POST", `/billing/${FAMILY_HOME}/proof-of-payment`, { token: family, form });
      expect(status).toBe(500);
    } finally {
      await api.db.exec("DROP TRIGGER refuse_submission ON proof_of_payment_submissions; DROP FUNCTION refuse_submission();");
    }
    expect(await uploadedRows()).toBe(rowsBefore);
    await expectDiskSettled(keptBefore);
  });

  it("after a client that goes away in the middle of a file", async () => {
    const keptBefore = kept().length;
    const { request } = rawPost(`/support/tickets/${RESI}`, {
      token: resi,
      head: multipartHead(ticket, cheque),
      declare: 5 * MB,
      hold: true,
    });
    request.on("error", () => undefined);
    request.write(Buffer.alloc(MB, 0x30));
    const deadline = Date.now() + 5000;
    while (!incoming().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(incoming()).toHaveLength(1);
    request.destroy();
    await expectDiskSettled(keptBefore);
  });
});

describe("a user's uploads at once", () => {
  it(`answers 429 past ${MAX_UPLOADS_PER_USER} of one user's uploads in flight, not to another user, and again once one ends`, async () => {
    const held = Array.from({ length: MAX_UPLOADS_PER_USER }, () =>
      rawPost(`/support/tickets/${RESI}`, { token: resi, head: multipartHead(ticket, cheque), declare: 5 * MB, hold: true }),
    );
    try {
      for (const { request } of held) {
        request.on("error", () => undefined);
        request.write(Buffer.alloc(1024, 0x30));
      }
      // The held uploads have reached the server once their bytes sit in the incoming area.
      const deadline = Date.now() + 5000;
      while (incoming().length < held.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(incoming()).toHaveLength(held.length);

      const third = await api.call("POST", `/support/tickets/${RESI}`, {
        token: resi,
        form: ticketForm([["a.png", samplePng(), "image/png"]]),
      });
      expect(third.status).toBe(429);
      expect(ErrorAnswer.parse(third.body).message).toMatch(/uploads at once/);
      const other = await api.call("POST", `/support/tickets/${HARBOURFRONT}`, {
        token: business,
        form: ticketForm([["a.png", samplePng(), "image/png"]], { ...ticket, category: "outage" }),
      });
      expect(other.status).toBe(201);

      held[0].request.destroy();
      let again = third;
      for (let i = 0; i < 100 && again.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 20));
        again = await api.call("POST", `/support/tickets/${RESI}`, {
          token: resi,
          form: ticketForm([["a.png", samplePng(), "image/png"]]),
        });
      }
      expect(again.status).toBe(201);
    } finally {
      for (const { request } of held) request.destroy();
    }
  });
});

describe("serving a stored file (sendStoredFile)", () => {
  it("sends it as an attachment with nosniff and a sandboxing CSP, in the type detected at upload", async () => {
    const bytes = samplePdf();
    const { body } = await api.call("POST", `/support/tickets/${RESI}`, {
      token: resi,
      form: ticketForm([["relevé de mai.pdf", bytes, "text/html"]]),
    });
    const { ticket_id } = OpenTicketAnswer.parse(body);
    const file = (await api.db.one<StoredFile>(
      `SELECT f.storage_key, f.file_name, f.media_type, f.size_bytes FROM uploaded_files f
         JOIN support_ticket_attachments a ON a.file_id = f.id WHERE a.ticket_id = $1`,
      [ticket_id],
    ))!;
    const app = express();
    app.get("/file", (_req, res, next) => sendStoredFile(res, api.service.files, file).catch(next));
    app.get("/missing", (_req, res, next) => sendStoredFile(res, api.service.files, { ...file, storage_key: "0".repeat(32) }).catch(next));
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).json({ success: false });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const response = await fetch(`${base}/file`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="relev? de mai.pdf"; filename*=UTF-8''relev%C3%A9%20de%20mai.pdf`,
      );
      for (const [name, value] of Object.entries(STORED_FILE_HEADERS)) expect(response.headers.get(name)).toBe(value);
      expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      const missing = await fetch(`${base}/missing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-disposition")).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
