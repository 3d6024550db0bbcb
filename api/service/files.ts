/**
 * Uploaded files: checked by their content (file-content.ts), kept in the file store (file-store.ts)
 * with a row in `uploaded_files` (type detected from the content, size, SHA-256, storage key), and served,
 * wherever they ever are, only through `sendStoredFile`. Limits: 10 MB for support attachments (5 a
 * request), 20 MB for proof of payment (5 a request) and a void cheque (spec sections 5 and 9;
 * api/contract/files.ts).
 */
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import type { Db } from "../db/client.ts";
import { FILE_RULES, MAX_FILES, type FilePurpose } from "../contract/files.ts";
import { notFound } from "./errors.ts";
import { inspectFile } from "./file-content.ts";
import { newStorageKey, type FileStore } from "./file-store.ts";
import type { UploadedFile } from "./uploads.ts";

export { FILE_RULES, MAX_FILES, type FilePurpose, type MediaType } from "../contract/files.ts";

/**
 * Checks files against a purpose's rules; answers field -> error codes (empty when all pass):
 * `<field>.too_many`, `<field>.too_large`, `<field>.empty`, `<field>.type` (not an accepted format, or
 * not sound as one), `<field>.unsafe_content` (HTML or script inside). Each accepted file gets its
 * detected type. Files are inspected one after the other.
 */
export async function checkFiles(files: UploadedFile[], purpose: FilePurpose, field: string): Promise<Record<string, string[]>> {
  const rules = FILE_RULES[purpose];
  const codes = new Set<string>();
  if (files.length > Math.min(MAX_FILES, rules.maxFiles)) codes.add(`${field}.too_many`);
  for (const file of files) {
    if (file.size === 0) codes.add(`${field}.empty`);
    else if (file.size > rules.maxBytes) codes.add(`${field}.too_large`);
    else {
      const inspection = await inspectFile(file, rules.types);
      if ("problem" in inspection) codes.add(`${field}.${inspection.problem}`);
      else file.detectedType = inspection.type;
    }
  }
  return codes.size ? { [field]: [...codes] } : {};
}

/**
 * Keeps checked files in the store and records them; answers their rows' ids. Run inside the request's
 * transaction: should it roll back, the files kept here are removed once the request is answered
 * (uploads.ts), as a row without its file never exists.
 */
export async function storeFiles(
  db: Db,
  store: FileStore,
  customerId: number,
  purpose: FilePurpose,
  files: UploadedFile[],
  userId: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const file of files) {
    if (!file.detectedType) throw new Error("storeFiles: a file was not checked");
    const key = newStorageKey();
    await store.put(key, file.path);
    file.storageKey = key;
    const row = await db.one<{ id: number }>(
      `INSERT INTO uploaded_files (customer_id, purpose, file_name, media_type, size_bytes, sha256, storage_key, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [customerId, purpose, file.name.slice(0, 200) || "upload", file.detectedType, file.size, file.sha256, key, userId],
    );
    ids.push(row!.id);
  }
  return ids;
}

/**
 * Moves bytes still kept in the database (rows written before the file store) into the store, one row
 * at a time; answers how many. Safe with several processes: a row another one moved first is left alone.
 */
export async function moveContentsToStore(db: Db, store: FileStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const row = await db.one<{ id: number; content: Uint8Array }>(
      "SELECT id, content FROM uploaded_files WHERE content IS NOT NULL ORDER BY id LIMIT 1",
    );
    if (!row) return moved;
    const bytes = Buffer.from(row.content);
    const incoming = store.incoming();
    await new Promise<void>((resolve, reject) => {
      incoming.stream.once("error", reject);
      incoming.stream.end(bytes, resolve);
    });
    const key = newStorageKey();
    await store.put(key, incoming.path);
    const updated = await db.query(
      "UPDATE uploaded_files SET storage_key = $2, sha256 = $3, content = NULL WHERE id = $1 AND content IS NOT NULL RETURNING id",
      [row.id, key, createHash("sha256").update(bytes).digest("hex")],
    );
    if (updated.length) moved++;
    else await store.remove(key);
  }
}

/** A stored file's row, as `sendStoredFile` needs it. */
export interface StoredFile {
  storage_key: string;
  file_name: string;
  media_type: string;
  size_bytes: number;
}

/** The headers every stored file is served with: never shown in place, never sniffed, never run. */
export const STORED_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'",
  "Cache-Control": "private, no-store",
} as const;

/**
 * Serves a stored upload: the only way any route (for customers or support staff) may send one. It goes
 * as an attachment under its file name, with the type detected at upload, `nosniff` and a sandboxing CSP,
 * so that no browser renders or runs it as a page of this site, whatever it holds. A file missing from
 * the store answers 404 (thrown before anything is sent).
 */
export async function sendStoredFile(res: Response, store: FileStore, file: StoredFile): Promise<void> {
  const stream = store.read(file.storage_key);
  const found = await new Promise<boolean>((resolve) => {
    stream.once("error", () => resolve(false));
    stream.once("readable", () => resolve(true));
  });
  if (!found) {
    stream.destroy();
    throw notFound("File");
  }
  res.set(STORED_FILE_HEADERS);
  res.attachment(file.file_name || "upload");
  res.type(file.media_type);
  res.set("Content-Length", String(file.size_bytes));
  await pipeline(stream, res).catch(() => undefined);
}
