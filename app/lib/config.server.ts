/**
 * The portal's configuration, read from the environment once and checked with zod. A bad value stops
 * the server at start with a message that names the variable.
 */
import { z } from "zod";
import type { SignInSettings } from "#common/sign-in-limits";
import { ROUTER_RESTART_SECONDS } from "#contract/router-restart";

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
      error: "use true or false (also 1/0, on/off, yes/no)",
    })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["1", "true", "on", "yes"].includes(value)));

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform((value) => value.replace(/\/+$/, ""));

/** An origin allowed to post forms: its scheme, host pattern ("*" one label, "**" any leading labels) and port ("" the default). */
export interface OriginPattern {
  protocol: "http:" | "https:";
  host: string;
  port: string;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** `https://*.example.com:8443`, `http://intranet.example`, or a bare host (https): null for anything else. */
export function parseOriginPattern(text: string): OriginPattern | null {
  const match = /^(?:(https?):\/\/)?((?:\*\*?|[a-z0-9-]+)(?:\.(?:\*|[a-z0-9-]+))*)(?::(\d{1,5}))?\/?$/.exec(text.toLowerCase());
  if (!match) return null;
  const protocol = `${match[1] ?? "https"}:` as OriginPattern["protocol"];
  const port = match[3] && match[3] !== DEFAULT_PORTS[protocol] ? String(Number(match[3])) : "";
  return { protocol, host: match[2], port };
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalPositiveInt = z.coerce.number().int().positive().optional();

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * How long an idle kept-alive connection stays open (Node's default, 5 s). Behind a load balancer it must
     * outlast the balancer's own idle timeout (an AWS ALB's 60 s: 65000), or the balancer sends a request on a
     * connection the portal is closing and answers 502.
     */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(900_000).default(5_000),
    /** Portal processes sharing PORT (server/cluster.ts); 1: this process serves alone. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Unset: the embedded reference API, mounted at /api/v1 in this process. */
    API_BASE_URL: httpUrl.optional(),
    /** The time a page request may spend waiting for the API, all its calls together (app/lib/api-budget.server.ts). */
    API_TIMEOUT_MS: positiveInt(10_000),
    /** The external API's circuit breaker (app/lib/api-breaker.server.ts): failures in a row that open it (0: no breaker). */
    API_BREAKER_FAILURES: z.coerce.number().int().min(0).max(1000).default(5),
    /** How long it stays open before it asks the API again. */
    API_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * Key material of the session cookie (encrypted and authenticated). Several secrets, separated by
     * commas, rotate keys: the first encrypts new cookies, every one still opens older cookies.
     */
    SESSION_SECRET: z
      .string()
      .refine((value) => value.split(",").every((secret) => secret.trim().length >= 32), "every secret must be at least 32 characters")
      .optional(),
    /**
     * The embedded API: key material sealing two-step secrets at rest (AES-256-GCM; api/service/two-step-secrets.ts).
     * Several keys, comma-separated, rotate: the first seals, every one still opens.
     */
    TWO_STEP_KEY: z
      .string()
      .refine((value) => value.split(",").every((key) => key.trim().length >= 32), "every key must be at least 32 characters")
      .optional(),
    DATA_DIR: z.string().default(".data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    /** The embedded API: how long a router restart takes, in seconds (api/service/router-restart.ts). */
    ROUTER_RESTART_SECONDS: z.coerce.number().int().min(1).max(3600).default(ROUTER_RESTART_SECONDS),
    /**
     * The embedded API's mail relay (api/service/mail-relay.ts): sends the outbox through this SMTP server
     * (`smtp://user:password@host:587`, `smtps://…`); unset, mail stays in the outbox table.
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    /** The From header of that mail. */
    MAIL_FROM: z.string().trim().min(3).default("myLakeshore <no-reply@lakeshore-fibre.example>"),
    /** The portal's public address, which links in the mail lead to (unset: http://localhost:PORT). */
    PORTAL_URL: httpUrl.optional(),
    BRAND_NAME: z.string().trim().min(1).max(40).default("Lakeshore"),
    COMMERCIAL_APP_URL: httpUrl.optional(),
    ANALYTICS_KEY: z.string().trim().min(1).optional(),
    /** The product-analytics (PostHog) host the browser sends events to, e.g. a self-hosted instance (docs/analytics.md). */
    ANALYTICS_HOST: httpUrl.default("https://us.i.posthog.com"),
    /** Customer care number shown where a customer cannot sign in. */
    SUPPORT_PHONE: z.string().trim().min(3).default("416-555-0150"),
    FEATURE_AUTOPAY_BILLING: flag(true),
    FEATURE_REFERRALS: flag(false),
    FEATURE_ROUTER_VENDOR: flag(true),
    FEATURE_PAUSE_SERVICES: flag(true),
    FEATURE_RETIRE_OLD_DESK: flag(true),
    /** The old support desk, linked from the support page while FEATURE_RETIRE_OLD_DESK is off. */
    OLD_SUPPORT_DESK_URL: httpUrl.default("https://support.lakeshore-fibre.example/desk"),
    /**
     * Sign-in limits (common/sign-in-limits.ts), shared by the portal and the embedded API's token
     * endpoint. Failed sign-ins (and recovery and activation posts) per address; SIGN_IN_LIMIT_PER_IP is
     * its older name, read when it is unset.
     */
    SIGN_IN_FAILURES_PER_IP: optionalPositiveInt,
    SIGN_IN_LIMIT_PER_IP: optionalPositiveInt,
    /** Every sign-in attempt per address, right or wrong (floods); API_TOKEN_LIMIT_PER_IP is its older name. */
    SIGN_IN_ATTEMPTS_PER_IP: optionalPositiveInt,
    API_TOKEN_LIMIT_PER_IP: optionalPositiveInt,
    /** Failed attempts for one username from one address; from every address together, past it each try waits. */
    SIGN_IN_LIMIT_PER_USERNAME: positiveInt(8),
    SIGN_IN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(4000),
    SIGN_IN_LIMIT_WINDOW_MINUTES: positiveInt(15),
    /** Rate-limit counters shared by several processes (unset: in memory). */
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    /**
     * Other origins allowed to post forms to the portal, comma-separated: `https://host[:port]` or
     * `http://host[:port]`, a bare host meaning https on its default port; wildcards in the host as in
     * React Router's allowedActionOrigins ("*.example.com"). The portal's own origin is always allowed.
     */
    ALLOWED_ACTION_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const patterns: OriginPattern[] = [];
        for (const text of (value ?? "").split(",").map((item) => item.trim().toLowerCase())) {
          if (!text) continue;
          const pattern = parseOriginPattern(text);
          if (pattern) patterns.push(pattern);
          else ctx.addIssue({ code: "custom", message: `"${text}" is not an origin (https://host[:port] or a host)` });
        }
        return patterns;
      }),
    /** Mark cookies Secure (HTTPS only). Default: on in production. Turn off only for a demo served over plain http on a network address. */
    SECURE_COOKIES: z
      .enum(["1", "0", "true", "false", "on", "off", "yes", "no"], { error: "use true or false" })
      .optional()
      .transform((value) => (value === undefined ? undefined : ["1", "true", "on", "yes"].includes(value))),
    /** Log lines at this level and above (pino's levels; silent: none). */
    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
    /** json (one JSON object a line) or pretty (readable; needs the pino-pretty dev dependency). Unset: pretty on a terminal. */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    /** Serves /metrics on the main port to `Authorization: Bearer <token>` (at least 16 characters). */
    METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    /** Serves /metrics on this port of METRICS_HOST, apart from the pages (unset: not at all, unless METRICS_TOKEN). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The address METRICS_PORT listens on (default: loopback only). */
    METRICS_HOST: z.string().default("127.0.0.1"),
    /** Express "trust proxy" setting: hops or subnets in front of the portal (unset: none). */
    TRUST_PROXY: z.string().optional(),
    /** The provider's own pages on social networks (public footer). */
    SOCIAL_FACEBOOK_URL: httpUrl.default("https://www.facebook.com/LakeshoreFibre"),
    SOCIAL_INSTAGRAM_URL: httpUrl.default("https://www.instagram.com/lakeshorefibre"),
    SOCIAL_LINKEDIN_URL: httpUrl.default("https://www.linkedin.com/company/lakeshore-fibre"),
    SOCIAL_YOUTUBE_URL: httpUrl.default("https://www.youtube.com/@LakeshoreFibre"),
  })
  .superRefine((config, ctx) => {
    const embedded = !config.API_BASE_URL;
    if (config.NODE_ENV === "production" && !embedded && !config.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production when API_BASE_URL points at another API",
      });
    }
    if (config.WEB_CONCURRENCY > 1 && embedded && !config.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL or API_BASE_URL: the embedded PGlite database belongs to one process",
      });
    }
  })
  .transform(({ SIGN_IN_LIMIT_PER_IP, API_TOKEN_LIMIT_PER_IP, ...config }) => ({
    ...config,
    // The older names, read when the newer ones are unset.
    SIGN_IN_FAILURES_PER_IP: config.SIGN_IN_FAILURES_PER_IP ?? SIGN_IN_LIMIT_PER_IP ?? 30,
    SIGN_IN_ATTEMPTS_PER_IP: config.SIGN_IN_ATTEMPTS_PER_IP ?? API_TOKEN_LIMIT_PER_IP ?? 300,
  }));

/** Variables no longer read, and why (server.ts warns at start when one is set). */
export const RETIRED_VARIABLES: Record<string, string> = {
  SIGN_IN_LIMIT_PER_USERNAME_TOTAL:
    "no longer read: a username is never refused for failures from other addresses (each try waits instead, at most SIGN_IN_MAX_DELAY_MS)",
  API_TOKEN_LIMIT_PER_USERNAME: "no longer read: the embedded API's token endpoint shares the portal's sign-in limits (SIGN_IN_*)",
};

/** Warnings for retired variables set in an environment. */
export const retiredVariableWarnings = (env: Record<string, string | undefined>) =>
  Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => env[name] !== undefined && env[name] !== "")
    .map(([name, why]) => `${name} is ${why}.`);

export type Config = z.output<typeof configSchema>;

/** Whether cookies carry the Secure attribute. */
export const secureCookies = (config: Config = getConfig()) => config.SECURE_COOKIES ?? config.NODE_ENV === "production";

export class ConfigError extends Error {}

/** Parses an environment; empty strings count as unset. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(config)"}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

let current: Config | undefined;

/** The configuration of this process (parsed on first use). */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** Tests change the environment and call this to read it again. */
export function resetConfig(): void {
  current = undefined;
}

/** The sign-in limits of this configuration (common/sign-in-limits.ts). */
export const signInSettingsOf = (config: Config): SignInSettings => ({
  failuresPerAddress: config.SIGN_IN_FAILURES_PER_IP,
  attemptsPerAddress: config.SIGN_IN_ATTEMPTS_PER_IP,
  failuresPerPair: config.SIGN_IN_LIMIT_PER_USERNAME,
  maxDelayMs: config.SIGN_IN_MAX_DELAY_MS,
  windowMs: config.SIGN_IN_LIMIT_WINDOW_MINUTES * 60_000,
  redisUrl: config.REDIS_URL,
});

/** The /api/v1 base URL the portal calls. */
export function apiBaseUrl(config: Config = getConfig()): string {
  return config.API_BASE_URL ?? `http://127.0.0.1:${config.PORT}/api/v1`;
}

/** The feature flags of the spec's section 9, as the screens read them. */
export function featureFlags(config: Config = getConfig()) {
  return {
    autopayBilling: config.FEATURE_AUTOPAY_BILLING,
    referrals: config.FEATURE_REFERRALS,
    routerVendor: config.FEATURE_ROUTER_VENDOR,
    pauseServices: config.FEATURE_PAUSE_SERVICES,
    retireOldDesk: config.FEATURE_RETIRE_OLD_DESK,
  };
}
export type FeatureFlags = ReturnType<typeof featureFlags>;

/** The provider's own pages on social networks, in the public footer's order. */
const SOCIAL_NETWORKS = [
  { key: "facebook", name: "Facebook" },
  { key: "instagram", name: "Instagram" },
  { key: "linkedin", name: "LinkedIn" },
  { key: "youtube", name: "YouTube" },
] as const;

export interface SocialLink {
  key: (typeof SOCIAL_NETWORKS)[number]["key"];
  name: string;
  href: string;
}

/**
 * The footer's social links: the addresses come from the configuration (SOCIAL_FACEBOOK_URL…),
 * defaulting to the provider's own pages, never the networks' home pages.
 */
export function socialLinks(config: Config = getConfig()): SocialLink[] {
  const href = {
    facebook: config.SOCIAL_FACEBOOK_URL,
    instagram: config.SOCIAL_INSTAGRAM_URL,
    linkedin: config.SOCIAL_LINKEDIN_URL,
    youtube: config.SOCIAL_YOUTUBE_URL,
  };
  return SOCIAL_NETWORKS.map(({ key, name }) => ({ key, name, href: href[key] }));
}
