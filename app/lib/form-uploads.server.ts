/**
 * A multipart form post read as it streams (busboy): text fields into memory within their limit, each
 * file to a temporary file as it arrives, so that no upload is held whole in memory, and a form's files
 * reach the API as a stream read from disk (the API client sends a File backed by its temporary file).
 * A declared length past the form's limit is refused before a file's byte is kept: only the text fields
 * ahead of the first file are read (a few hundred kilobytes at most), to be given back; a chunked body is
 * counted as it arrives. The files are removed by `releaseUploads` once the action is done with them.
 */
import { openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import busboy from "busboy";

export interface MultipartLimits {
  /** Files the form may carry (more: "files"); 0 for a form of text fields only. */
  maxFiles: number;
  /** Bytes one file may have (more: "fileSize"). */
  maxFileBytes: number;
  /** Bytes one text field may have (more: "total"). */
  maxFieldBytes: number;
  /** Bytes the whole body may have (more: "total"). */
  maxTotalBytes: number;
  /** Bytes read of a body declared longer than maxTotalBytes, for its text fields ahead of the first file. */
  maxTextBytes: number;
  /** Parts the body may have (more: "unreadable"). */
  maxParts: number;
}

/** Why a body was not read to its end. */
export type MultipartRefusal = "total" | "fileSize" | "files" | "unreadable";

/**
 * A body not read to its end: why, and the text fields read whole before it stopped (no file, and no
 * field cut short), so that a form refused for its files can still give back what was typed. Browsers
 * send a form's parts in the order of its controls, so the fields before its file input arrive first.
 */
export interface MultipartRefused {
  refusal: MultipartRefusal;
  fields: FormData;
  /** For "fileSize": the name of the file found too large. */
  file?: string;
}

/** The temporary directory of each form read here, until it is released. */
const directories = new WeakMap<FormData, string>();

/** Removes the temporary files of a form read by readMultipart (nothing for any other form). */
export async function releaseUploads(form: FormData | unknown): Promise<void> {
  if (!(form instanceof FormData)) return;
  const dir = directories.get(form);
  if (!dir) return;
  directories.delete(form);
  await rm(dir, { recursive: true, force: true });
}

const tooLarge = (declared: string | null, limit: number) => declared !== null && declared !== "" && !(Number(declared) <= limit);

/**
 * Reads a multipart form post within limits: the form (files on disk), or why not with the text fields
 * read until then (nothing more is read to find others).
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<FormData | MultipartRefused> {
  // Declared past the limit: refused ("total") whatever it holds, but its text fields ahead of the first
  // file are read, within maxTextBytes, so that what was typed comes back.
  const declaredTooLarge = tooLarge(request.headers.get("Content-Length"), limits.maxTotalBytes);
  const maxBytes = declaredTooLarge ? Math.min(limits.maxTextBytes, limits.maxTotalBytes) : limits.maxTotalBytes;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: "utf8",
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxParts,
        headerPairs: 20,
      },
    });
  } catch {
    return { refusal: "unreadable", fields: new FormData() };
  }
  const form = new FormData();
  let dir: Promise<string> | undefined;
  const files: Promise<[string, File] | undefined>[] = [];
  const writing = new Set<{ destroy(): void }>();
  let refusal: MultipartRefusal | undefined;
  const refuse = (why: MultipartRefusal) => (refusal ??= why);
  let largeFile: string | undefined;

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return refuse("total");
    form.append(name, value);
  });
  parser.on("partsLimit", () => refuse("unreadable"));
  parser.on("fieldsLimit", () => refuse("unreadable"));
  parser.on("filesLimit", () => refuse("files"));
  parser.on("file", (name, stream, info) => {
    if (declaredTooLarge) refuse("total");
    // Not kept: drained, and cut short without a word when the refused parser is destroyed.
    if (refusal) return stream.on("error", () => undefined).resume();
    stream.on("limit", () => {
      if (refuse("fileSize") === "fileSize") largeFile ??= info.filename;
    });
    const n = files.length;
    let size = 0;
    stream.on("data", (chunk: Buffer) => (size += chunk.length));
    stream.pause();
    files.push(
      (async () => {
        dir ??= mkdtemp(path.join(tmpdir(), "portal-upload-"));
        const file = path.join(await dir, String(n));
        if (refusal) return void stream.on("error", () => undefined).resume();
        const out = createWriteStream(file, { mode: 0o600 });
        writing.add(out);
        await new Promise<void>((resolve, reject) => {
          out.once("error", reject);
          out.once("close", resolve);
          stream.once("error", reject);
          stream.pipe(out);
        }).finally(() => writing.delete(out));
        // An empty part without a file name is a file input left empty.
        if (refusal || (size === 0 && !info.filename)) return;
        const type = info.mimeType || "application/octet-stream";
        return [name, new File([await openAsBlob(file, { type })], info.filename ?? "", { type })];
      })(),
    );
  });

  const done = new Promise<void>((resolve, reject) => {
    parser.once("close", resolve);
    parser.once("error", reject);
  });
  // Awaited only for a body read to its end; a refused one's parser is destroyed (an error it may emit).
  done.catch(() => undefined);
  // Fed by hand: on a refusal the body is left where it is (not cancelled: the answer still goes out).
  const reader = request.body?.getReader();
  let total = 0;
  try {
    if (reader) {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) break;
        // The bytes within the limit are parsed, those past it not: the fields whole before it are kept,
        // however the body was cut into chunks.
        const room = maxBytes - total;
        total += value.length;
        const within = value.length > room ? value.subarray(0, room) : value;
        if (within.length && !parser.write(within)) await new Promise((resolve) => parser.once("drain", resolve));
        if (total > maxBytes) refuse("total");
        if (refusal) break;
      }
    }
    if (declaredTooLarge) refuse("total");
    if (!refusal) {
      parser.end();
      await done;
    }
  } catch {
    refuse("unreadable");
  } finally {
    reader?.releaseLock();
  }
  // Refused: the files being written stop where they are.
  if (refusal) for (const out of writing) out.destroy();
  const written = await Promise.allSettled(files);
  if (dir) directories.set(form, await dir);
  if (refusal || written.some((file) => file.status === "rejected")) {
    parser.on("error", () => undefined);
    parser.destroy();
    await releaseUploads(form);
    // Until now the form holds only text fields (files are added once all are written), each whole.
    const why = declaredTooLarge ? "total" : (refusal ?? "unreadable");
    return { refusal: why, fields: form, ...(why === "fileSize" && largeFile ? { file: largeFile } : {}) };
  }
  // In the order the customer chose them, whichever finished writing first.
  for (const file of written) if (file.status === "fulfilled" && file.value) form.append(...file.value);
  return form;
}
