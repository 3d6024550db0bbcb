/** The OpenAPI 3.1 document of /api/v1, generated from the contract's zod schemas. */
import { z } from "zod";
import { ErrorAnswer } from "./common.ts";
import type { Endpoint } from "./endpoint.ts";
import { FILE_RULES, maxMegabytes } from "./files.ts";

/** Answers may carry fields the contract does not name: drop additionalProperties: false and $schema. */
function relax(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relax);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || (key === "additionalProperties" && value === false)) continue;
    out[key] = relax(value);
  }
  return out;
}

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  relax(z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" })) as Record<string, unknown>;

const errorDescriptions: Record<number, string> = {
  400: "Malformed request",
  401: "Missing, expired or signed-out access token (or wrong credentials)",
  403: "The user is not a contact of this customer, or lacks the role this needs",
  404: "No such resource",
  409: "Conflicts with the resource's current state",
  413: "The body is larger than this endpoint accepts (refused before it is read)",
  422: "A rule refused the request: `errors` maps fields to error codes",
  429: "Too many attempts (for uploads: too many of this user's uploads at once)",
};

/**
 * The limits of an endpoint's file fields (api/contract/files.ts), on the request body's schema: each
 * file's largest size (`x-max-file-bytes`, and in words), how many, and the accepted types.
 */
function withFileLimits(schema: Record<string, unknown>, uploads: Endpoint["uploads"]) {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const { field, purpose } of uploads ?? []) {
    const rule = FILE_RULES[purpose];
    const types = rule.extensions.map((extension) => extension.slice(1).toUpperCase()).join(", ");
    properties[field] = {
      ...properties[field],
      description: `${rule.maxFiles > 1 ? `At most ${rule.maxFiles} files, each` : "One file,"} at most ${maxMegabytes(purpose)} MB (${rule.maxBytes} bytes), ${types} by content; larger files are refused with \`${field}.too_large\`.`,
      "x-max-file-bytes": rule.maxBytes,
      "x-max-files": rule.maxFiles,
      "x-accepted-types": rule.types,
    };
  }
  return { ...schema, properties };
}

export function openApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = jsonSchema(ErrorAnswer, "output");
  for (const e of endpoints) {
    const parameters: unknown[] = [];
    for (const match of e.path.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
    }
    for (const header of e.headers ?? []) {
      parameters.push({
        name: header.name,
        in: "header",
        required: header.required,
        description: header.description,
        schema: { type: "string" },
      });
    }
    if (e.query) {
      const shape = e.query.shape as Record<string, z.ZodType>;
      for (const [name, schema] of Object.entries(shape)) {
        parameters.push({
          name,
          in: "query",
          required: !schema.safeParse(undefined).success,
          schema: jsonSchema(schema, "input"),
        });
      }
    }
    const statuses = new Set([
      ...(e.auth === "bearer" ? [401] : []),
      ...(e.path.includes("{") && e.auth === "bearer" ? [403] : []),
      ...(e.errors ?? []),
      // Every body past its limit (maxBodyBytes); uploads past the concurrent ones a user may send.
      ...(e.body ? [413] : []),
      ...(e.uploads?.length ? [429] : []),
    ]);
    const responses: Record<string, unknown> = {
      [String(e.status ?? 200)]: {
        description: "Success",
        content: e.answerFile
          ? Object.fromEntries(FILE_RULES[e.answerFile].types.map((type) => [type, { schema: { type: "string", format: "binary" } }]))
          : e.answerType === "application/pdf"
            ? { "application/pdf": { schema: { type: "string", format: "binary" } } }
            : { "application/json": { schema: jsonSchema(e.answer, "output") } },
      },
    };
    for (const status of [...statuses].sort()) {
      responses[String(status)] = {
        description: errorDescriptions[status] ?? "Refused",
        content: { "application/json": { schema: errorSchema } },
      };
    }
    const operation: Record<string, unknown> = {
      summary: e.summary,
      tags: [e.tag],
      operationId: `${e.method}${e.path.replace(/\{(\w+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      parameters,
      responses,
      security: e.auth === "bearer" ? [{ bearer: [] }] : [],
    };
    if (e.errorCodes?.length) operation["x-error-codes"] = e.errorCodes;
    if (e.body) {
      const schema = withFileLimits(jsonSchema(e.body, "input"), e.uploads);
      operation.requestBody = {
        required: true,
        content:
          e.bodyEncoding === "multipart"
            ? { "multipart/form-data": { schema } }
            : { "application/json": { schema }, "multipart/form-data": { schema }, "application/x-www-form-urlencoded": { schema } },
      };
    }
    (paths[e.path] ??= {})[e.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Customer portal API",
      version: "1.0.0",
      description:
        "What the self-service portal calls under /api/v1. Answers are JSON; money is dollars as numbers, dates YYYY-MM-DD. " +
        "Refusals answer { success: false, message, errors? } where errors maps snake_case fields to error codes.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}
