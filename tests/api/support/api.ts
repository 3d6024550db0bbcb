/**
 * A reference API of its own for one test file: a fresh copy of the seeded database, the service
 * mounted on an ephemeral port, and helpers to call it as the portal does.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { inject } from "vitest";
import { startApi, type ApiOptions, type ApiService } from "../../../api/index.ts";
import { openDb, type Db } from "../../../api/db/client.ts";
import { DEMO_PASSWORD, NOW, TEMPLATE_DATABASE, adminUrl } from "./constants.ts";

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData | Record<string, string | string[]>;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
}

export interface TestApi {
  db: Db;
  /** The service's base URL, including /api/v1. */
  baseUrl: string;
  service: ApiService;
  /** The service clock; tests may move it. */
  clock: { now: Date };
  call(method: string, path: string, options?: CallOptions): Promise<{ status: number; body: any; headers: Headers }>;
  /** Signs in a demo user (password Demo-Pass-2026) and answers the access token. */
  signIn(username: string, password?: string): Promise<string>;
  /** Signs in several demo users at once, answering their tokens in the same order. */
  signInAll(...usernames: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** A fresh copy of the seeded database (PGlite in memory, or a PostgreSQL database made from the template). */
export async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const source = inject("apiDatabase");
  if (source.kind === "pglite") {
    const db = await openDb({ loadDataDir: new Blob([readFileSync(source.dumpPath)]) });
    return { db, drop: async () => undefined };
  }
  const name = `portal_api_test_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ databaseUrl: adminUrl(source.url) });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function createTestApi(
  options: Pick<ApiOptions, "limits" | "signIn" | "mail" | "twoStepKey" | "devEndpoints"> = {},
): Promise<TestApi> {
  const { db, drop } = await openTestDb();
  const clock = { now: new Date(NOW) };
  // Test files sign in often from one address: generous limits unless a test sets its own (or shares a
  // portal's model, `signIn`).
  const limits = { failuresPerAddress: 100_000, attemptsPerAddress: 100_000, failuresPerPair: 100_000, ...options.limits };
  const service = await startApi({
    db,
    seed: false,
    jwtSecret: "test-jwt-secret",
    now: () => clock.now,
    limits,
    signIn: options.signIn,
    mail: options.mail,
    twoStepKey: options.twoStepKey,
    devEndpoints: options.devEndpoints,
  });
  const app = express();
  app.use("/api/v1", service.router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

  const call: TestApi["call"] = async (method, path, options = {}) => {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["Content-Type"] = "application/json";
    } else if (options.form instanceof FormData) {
      body = options.form;
    } else if (options.form) {
      const form = new FormData();
      for (const [key, value] of Object.entries(options.form)) {
        for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
      }
      body = form;
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a PDF, say): keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const signIn = async (username: string, password = DEMO_PASSWORD) => {
    const { status, body } = await call("POST", "/auth/access-token", { json: { username, password } });
    if (status !== 200) throw new Error(`Sign-in of ${username} answered ${status}`);
    return body.token as string;
  };

  return {
    db,
    baseUrl: base,
    service,
    clock,
    call,
    signIn,
    signInAll: (...usernames) => Promise.all(usernames.map((username) => signIn(username))),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await drop();
    },
  };
}
