/**
 * Where uploaded files live: their bytes in files, their facts (type, size, SHA-256, storage key) in the
 * `uploaded_files` table. An upload streams into the store's incoming area as it arrives; once checked
 * and recorded, it is kept under a key. `FileStore` is the whole interface, so that another store (an
 * object store) could take the disk's place: `put` would then send the incoming file there.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface FileStore {
  /** A new file in the incoming area (always local disk), for an upload as it streams in. */
  incoming(): { path: string; stream: WriteStream };
  /** Keeps an incoming file under `key`; the incoming file is gone afterwards. */
  put(key: string, incomingPath: string): Promise<void>;
  /** The bytes kept under `key`. */
  read(key: string): Readable;
  /** Forgets a kept file (nothing happens when there is none). */
  remove(key: string): Promise<void>;
  /** Removes incoming files older than `olderThanMs` (left by a process that stopped mid-upload). */
  sweepIncoming(olderThanMs: number): Promise<number>;
}

/** A random storage key: 32 hexadecimal characters. */
export const newStorageKey = () => randomBytes(16).toString("hex");

const KEY = /^[0-9a-f]{32}$/;

/**
 * Files on a local (or shared) disk: `<root>/incoming/` for uploads being received, `<root>/files/ab/<key>`
 * for kept ones (a rename: the same file system, so nothing is copied).
 */
export class DiskFileStore implements FileStore {
  readonly incomingDir: string;
  readonly filesDir: string;

  constructor(readonly root: string) {
    this.incomingDir = path.join(root, "incoming");
    this.filesDir = path.join(root, "files");
    mkdirSync(this.incomingDir, { recursive: true });
    mkdirSync(this.filesDir, { recursive: true });
  }

  /** The path of a kept file (keys are the store's own, never a client's). */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error("not a storage key");
    return path.join(this.filesDir, key.slice(0, 2), key);
  }

  incoming() {
    const file = path.join(this.incomingDir, `${Date.now()}-${randomBytes(8).toString("hex")}.part`);
    return { path: file, stream: createWriteStream(file, { flags: "wx", mode: 0o600 }) };
  }

  async put(key: string, incomingPath: string) {
    const target = this.pathOf(key);
    mkdirSync(path.dirname(target), { recursive: true });
    await rename(incomingPath, target);
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepIncoming(olderThanMs: number) {
    let removed = 0;
    for (const name of await readdir(this.incomingDir)) {
      const file = path.join(this.incomingDir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
