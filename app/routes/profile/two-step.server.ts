/**
 * Two-step verification's server helpers (routes/profile/two-step*.tsx): the API's answer of whether it
 * is on (optional: an API without the endpoints shows no section), and what an authenticator app reads
 * of a setup: the otpauth:// address (otpauth) drawn as a QR code in SVG (qrcode), and the key in groups
 * for those who type it.
 */
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import type { TwoStepSetup, TwoStepStatusAnswer } from "#contract/two-step";
import { api, isFailure } from "~/lib/api.server";

type Context = Readonly<RouterContextProvider>;

/** GET /profile-settings/two-step, or null when the API has no two-step verification (404). */
export async function twoStepStatus(context: Context, request: Request): Promise<TwoStepStatusAnswer["two_step"] | null> {
  try {
    return (await api(context, request).call("GET /profile-settings/two-step")).two_step;
  } catch (error) {
    if (isFailure(error, "not-found")) return null;
    throw error;
  }
}

/**
 * GET /profile-settings with whether two-step verification is on included (one round trip); an API that
 * leaves it out is asked GET /profile-settings/two-step apart (twoStepStatus).
 */
export async function profileWithTwoStep(context: Context, request: Request) {
  const { current_user: user, two_step: included } = await api(context, request).call("GET /profile-settings", {
    query: { include: "two_step" },
  });
  return { user, twoStep: included ?? (await twoStepStatus(context, request)) };
}

/** The otpauth:// address an app reads: issuer "my<brand>", the username as the account's name. */
export function otpauthUri(setup: TwoStepSetup, issuer: string, username: string): string {
  return new TOTP({
    issuer,
    label: username,
    algorithm: setup.algorithm,
    digits: setup.digits,
    period: setup.period,
    secret: Secret.fromBase32(setup.secret),
  }).toString();
}

/** The QR code of an address, as an SVG document (black on white, a quiet zone of four modules). */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
}

/** "JBSW Y3DP EHPK 3PXP": groups of four to type (apps ignore the spaces). */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;
