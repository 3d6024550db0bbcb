/**
 * Uploaded files are checked by their content, not their name or claimed type: the first bytes must be
 * those of an accepted format. Limits: 5 files a request; 10 MB for proof of payment and support
 * attachments, 20 MB for a void cheque (spec section 5 and 9).
 */
import type { Db } from "../db/client.ts";
import { FILE_RULES, MAX_FILES, type FilePurpose, type MediaType } from "../contract/files.ts";
import type { UploadedFile } from "./http.ts";

export { FILE_RULES, MAX_FILES, type FilePurpose, type MediaType } from "../contract/files.ts";

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The media type the bytes really are, or null when they are none of the accepted formats. */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 14) return "image/bmp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  return null;
}

/**
 * Checks files against a purpose's rules; answers field -> error codes (empty when all pass):
 * `<field>.too_many`, `<field>.too_large`, `<field>.type`, `<field>.empty`.
 */
export function checkFiles(files: UploadedFile[], purpose: FilePurpose, field: string): Record<string, string[]> {
  const rules = FILE_RULES[purpose];
  const codes = new Set<string>();
  if (files.length > MAX_FILES) codes.add(`${field}.too_many`);
  for (const file of files) {
    if (file.size === 0) codes.add(`${field}.empty`);
    else if (file.size > rules.maxBytes) codes.add(`${field}.too_large`);
    else {
      const type = sniffMediaType(file.bytes);
      if (!type || !(rules.types as readonly MediaType[]).includes(type)) codes.add(`${field}.type`);
    }
  }
  return codes.size ? { [field]: [...codes] } : {};
}

/** Stores checked files; answers their ids. Run inside the request's transaction. */
export async function storeFiles(
  db: Db,
  customerId: number,
  purpose: FilePurpose,
  files: UploadedFile[],
  userId: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const file of files) {
    const row = await db.one<{ id: number }>(
      `INSERT INTO uploaded_files (customer_id, purpose, file_name, media_type, size_bytes, content, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [customerId, purpose, file.name.slice(0, 200) || "upload", sniffMediaType(file.bytes), file.size, file.bytes, userId],
    );
    ids.push(row!.id);
  }
  return ids;
}
