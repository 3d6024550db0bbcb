/**
 * A session's browser and device in words ("Firefox on Windows", "Safari on iPhone") from its
 * User-Agent, read by bowser (MIT). Names of browsers and systems are proper names and stay as they
 * are; the sentence around them is translated by the caller (profile:sessions.device).
 */
import Bowser from "bowser";

export interface DeviceWords {
  browser: string | null;
  /** The device when the User-Agent names it (iPhone, iPad), else the operating system. */
  device: string | null;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceWords {
  if (!userAgent) return { browser: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name?.trim() || null;
  const model = parsed.platform.vendor === "Apple" && parsed.platform.model ? parsed.platform.model : null;
  const os = parsed.os.name?.trim() || null;
  return { browser, device: model ?? os };
}
