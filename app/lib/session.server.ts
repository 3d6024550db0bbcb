/**
 * The cookie session: a signed, httpOnly, SameSite=Lax cookie (Secure in production) that holds the
 * access token, the refresh token and flash notifications. The portal keeps no server-side state.
 *
 * sessionMiddleware reads it once per request and writes it back (Set-Cookie) only when it changed.
 */
import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
  type SessionStorage,
} from "react-router";
import { getConfig, secureCookies } from "./config.server.ts";

import type { Notification, NotificationType } from "./notifications.ts";

interface SessionData {
  accessToken: string;
  refreshToken: string;
}
interface FlashData {
  notifications: Notification[];
}

export type PortalSession = Session<SessionData, FlashData>;

let storage: SessionStorage<SessionData, FlashData> | undefined;

function sessionStorage(): SessionStorage<SessionData, FlashData> {
  if (storage) return storage;
  const config = getConfig();
  const secret = config.SESSION_SECRET;
  if (!secret) {
    if (config.NODE_ENV === "production") throw new Error("SESSION_SECRET is not set");
    // Development and tests only: a fixed secret is good enough for cookies that never leave this machine.
  }
  storage = createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(config),
      secrets: [secret ?? "development-only-session-secret-not-for-production"],
    },
  });
  return storage;
}

class SessionHolder {
  changed = false;
  destroyed = false;
  /** Notifications taken for display during this request. */
  taken: Notification[] = [];
  constructor(readonly session: PortalSession) {}
}

const sessionContext = createContext<SessionHolder | null>(null);

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const holder = new SessionHolder(await sessionStorage().getSession(request.headers.get("Cookie")));
  context.set(sessionContext, holder);
  const response = await next();
  // A page that redirects shows nothing: its notifications wait for the page it redirects to.
  if (holder.taken.length && response.status >= 300 && response.status < 400 && !holder.destroyed) {
    const pending = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
    holder.session.flash("notifications", [...holder.taken, ...pending]);
    holder.changed = true;
  }
  if (holder.destroyed) {
    response.headers.append("Set-Cookie", await sessionStorage().destroySession(holder.session));
  } else if (holder.changed) {
    response.headers.append("Set-Cookie", await sessionStorage().commitSession(holder.session));
  }
  return response;
};

type Context = Readonly<RouterContextProvider>;

function holderOf(context: Context): SessionHolder {
  const holder = context.get(sessionContext);
  if (!holder) throw new Error("sessionMiddleware did not run for this request");
  return holder;
}

export function getTokens(context: Context): { accessToken?: string; refreshToken?: string } {
  const { session } = holderOf(context);
  return { accessToken: session.get("accessToken"), refreshToken: session.get("refreshToken") };
}

export function setTokens(context: Context, tokens: { accessToken: string; refreshToken: string }): void {
  const holder = holderOf(context);
  holder.session.set("accessToken", tokens.accessToken);
  holder.session.set("refreshToken", tokens.refreshToken);
  holder.destroyed = false;
  holder.changed = true;
}

/** Signs out of the portal: the cookie is cleared on the way out. */
export function clearSession(context: Context): void {
  const holder = holderOf(context);
  holder.session.unset("accessToken");
  holder.session.unset("refreshToken");
  holder.destroyed = true;
}

let sequence = 0;

/** Queues a notification for the next page this browser shows (post/redirect/get). */
export function notify(context: Context, type: NotificationType, key: string, values?: Notification["values"]): void {
  const holder = holderOf(context);
  const queued = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
  sequence = (sequence + 1) % 1_000_000;
  holder.session.flash("notifications", [...queued, { id: `${Date.now().toString(36)}-${sequence}`, type, key, values }]);
  holder.changed = true;
}

/** Takes the queued notifications (they are shown once). */
export function takeNotifications(context: Context): Notification[] {
  const holder = holderOf(context);
  if (!holder.session.has("notifications")) return [];
  holder.changed = true;
  holder.taken = (holder.session.get("notifications") as Notification[] | undefined) ?? [];
  return holder.taken;
}

/** Test helper: the Cookie header of a session holding these tokens. */
export async function sessionCookieFor(tokens: Partial<SessionData>): Promise<string> {
  const session = await sessionStorage().getSession();
  if (tokens.accessToken) session.set("accessToken", tokens.accessToken);
  if (tokens.refreshToken) session.set("refreshToken", tokens.refreshToken);
  const setCookie = await sessionStorage().commitSession(session);
  return setCookie.split(";")[0];
}

export function resetSessionStorage(): void {
  storage = undefined;
}
