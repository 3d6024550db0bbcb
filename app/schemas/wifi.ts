/**
 * The WiFi form, one per band (2.4 GHz, 5 GHz, guest): the band's name and, optionally, a new password
 * (blank keeps the current one). The contract's rules (api/contract/home-network.ts wifiTextProblems):
 * name 1 to 32 characters, password 8 to 63, printable ASCII only (no accented letters), no leading or
 * trailing space. Messages are the API's codes, `api:name_5ghz.invalid_characters`…
 */
import { z } from "zod";
import { TOO_LONG } from "./messages";
import { wifiTextProblems, type WifiBand } from "#contract/home-network";
import { everyRule, posted } from "./rules";
import { GUEST_HOURS } from "./values";

export { GUEST_HOURS };

export const BAND_SUFFIXES = ["24ghz", "5ghz", "guest"] as const;
export type BandSuffix = (typeof BAND_SUFFIXES)[number];

export const suffixOf = (band: WifiBand): BandSuffix => (band === "2.4GHz" ? "24ghz" : band === "5GHz" ? "5ghz" : "guest");

const optionalText = z.string().max(200, TOO_LONG).optional();

export const WifiSchema = everyRule(
  z.object({
    band: z.enum(BAND_SUFFIXES, { error: "formErrors.unreadable" }),
    /** The band's name as the page showed it: a name left as it was is not sent (another tab may have changed it). */
    shown_name: optionalText,
    name_24ghz: optionalText,
    password_24ghz: optionalText,
    name_5ghz: optionalText,
    password_5ghz: optionalText,
    name_guest: optionalText,
    password_guest: optionalText,
  }),
  (value, ctx) => {
    // Which band's form was sent: without it nothing else can be checked (its own message says so).
    if (!(BAND_SUFFIXES as readonly unknown[]).includes(value.band)) return;
    const band = value.band as BandSuffix;
    const nameField = `name_${band}` as const;
    const passwordField = `password_${band}` as const;
    const name = value[nameField];
    if (typeof name !== "string") ctx.addIssue({ code: "custom", message: `api:${nameField}.required`, path: [nameField] });
    else
      for (const rule of wifiTextProblems(name, "name"))
        ctx.addIssue({ code: "custom", message: `api:${nameField}.${rule}`, path: [nameField] });
    const password = value[passwordField];
    if (typeof password === "string") {
      for (const rule of wifiTextProblems(password, "password")) {
        ctx.addIssue({ code: "custom", message: `api:${passwordField}.${rule}`, path: [passwordField] });
      }
    }
  },
);

/**
 * A network turned on or off, one form per band: the state asked for, and for the guest network turned on
 * an optional time limit (empty: none).
 */
export const WifiSwitchSchema = everyRule(
  z.object({
    band: z.enum(BAND_SUFFIXES, { error: "formErrors.unreadable" }),
    enabled: z.enum(["true", "false"], { error: "formErrors.unreadable" }),
    guest_hours: z.string().max(4, TOO_LONG).optional(),
  }),
  (value, ctx) => {
    const hours = posted(value.guest_hours);
    if (hours === "") return;
    if (!(GUEST_HOURS as readonly string[]).includes(hours) || value.band !== "guest" || value.enabled !== "true") {
      ctx.addIssue({ code: "custom", message: "api:guest_hours.invalid", path: ["guest_hours"] });
    }
  },
);
