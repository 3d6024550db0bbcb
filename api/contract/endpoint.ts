/** How the contract describes one /api/v1 endpoint (the OpenAPI document is generated from these). */
import type { z } from "zod";
import type { FilePurpose } from "./files.ts";

export interface Endpoint {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI-style path under /api/v1, such as "/billing/{id}/invoices". */
  path: string;
  summary: string;
  /** Resource group (OpenAPI tag). */
  tag: string;
  /** "public" endpoints need no bearer token. */
  auth: "bearer" | "public";
  query?: z.ZodObject;
  /** Request headers the endpoint reads (besides Authorization and Accept-Language). */
  headers?: { name: string; required: boolean; description: string }[];
  /** Request body: JSON, or multipart form data with the same snake_case fields. */
  body?: z.ZodType;
  /** "multipart" when the body carries files. */
  bodyEncoding?: "json-or-form" | "multipart";
  /**
   * The files a multipart body carries: each field and the purpose whose limits apply (files.ts). The
   * body's limit is theirs plus room for the text fields (`maxBodyBytes`); without uploads, 200 KB.
   */
  uploads?: readonly { field: string; purpose: FilePurpose }[];
  /** The 2xx answer. */
  answer: z.ZodType;
  /** Content type of the answer (application/json unless said otherwise). */
  answerType?: "application/json" | "application/pdf";
  /**
   * The answer is a stored upload of this purpose (api/service/files.ts `sendStoredFile`): its bytes in
   * the type detected at upload (one of the purpose's types), as an attachment. `answer` is then unused.
   */
  answerFile?: FilePurpose;
  /** 2xx status of the answer (200 unless said otherwise). */
  status?: number;
  /** Error statuses this endpoint may answer besides 401 (and 403 for customer resources). */
  errors?: number[];
  /** Field error codes of its 422 answers (translated by the portal). */
  errorCodes?: string[];
}

/** Declares an endpoint, keeping its literal method and path and its schemas' types (for typed calls). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** "GET /billing/{id}/summary": how the portal names an endpoint when it calls it. */
export type EndpointKey<E extends Endpoint = Endpoint> = `${Uppercase<E["method"]>} ${E["path"]}`;

export const endpointKey = (e: Endpoint) => `${e.method.toUpperCase()} ${e.path}` as EndpointKey;
