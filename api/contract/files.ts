/**
 * Limits of uploaded files (spec sections 5 and 9), shared by the portal (its file inputs, schemas and
 * multipart parsing) and the API (which checks the bytes again by content). The spec refuses a file
 * over 10 MB in one form and over 20 MB in the others: the support form is the 10 MB one; the void
 * cheque and proof of payment take 20 MB.
 */
export type MediaType = "image/jpeg" | "image/png" | "image/bmp" | "application/pdf";

const MB = 1024 * 1024;

export interface FileRule {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Most files one request may carry for this purpose. */
  maxFiles: number;
  /** Formats accepted (checked by content in the API). */
  types: readonly MediaType[];
  /** File name extensions a browser offers in its file picker. */
  extensions: readonly string[];
}

export const FILE_RULES = {
  void_cheque: {
    maxBytes: 20 * MB,
    maxFiles: 1,
    types: ["image/jpeg", "image/png", "image/bmp", "application/pdf"],
    extensions: [".jpg", ".jpeg", ".png", ".bmp", ".pdf"],
  },
  proof_of_payment: {
    maxBytes: 20 * MB,
    maxFiles: 5,
    types: ["image/jpeg", "image/png", "application/pdf"],
    extensions: [".jpg", ".jpeg", ".png", ".pdf"],
  },
  support_attachment: {
    maxBytes: 10 * MB,
    maxFiles: 5,
    types: ["image/jpeg", "image/png", "application/pdf"],
    extensions: [".jpg", ".jpeg", ".png", ".pdf"],
  },
} as const satisfies Record<string, FileRule>;
export type FilePurpose = keyof typeof FILE_RULES;

/** A purpose's size limit in megabytes, as its messages name it ("Each file must be 20 MB or smaller."). */
export const maxMegabytes = (purpose: FilePurpose) => FILE_RULES[purpose].maxBytes / MB;

/** Files one request may carry at most, whatever the purpose. */
export const MAX_FILES = 5;

/** The largest body without files (JSON, urlencoded, or multipart with text fields only). */
export const TEXT_BODY_BYTES = 200 * 1024;
/** Room for a form's text fields and the multipart framing of its parts, beside its files. */
export const FORM_FIELDS_BYTES = 256 * 1024;

/**
 * The largest body an endpoint accepts: its files at their purposes' limits (count × size) plus room
 * for the text fields; 200 KB for an endpoint that takes no files.
 */
export function maxBodyBytes(uploads: readonly { purpose: FilePurpose }[] | undefined): number {
  if (!uploads?.length) return TEXT_BODY_BYTES;
  return uploads.reduce((sum, { purpose }) => sum + FILE_RULES[purpose].maxFiles * FILE_RULES[purpose].maxBytes, FORM_FIELDS_BYTES);
}

/** The accept attribute of a file input: extensions and media types. */
export const acceptOf = (purpose: FilePurpose) => [...FILE_RULES[purpose].extensions, ...FILE_RULES[purpose].types].join(",");
