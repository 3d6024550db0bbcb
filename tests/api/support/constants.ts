/** The API suite's fixed day: the seed and the service clock both use it, so answers are exact. */
export const SEED_DAY = "2026-11-15";
export const NOW = new Date(`${SEED_DAY}T15:00:00Z`);
export const TEMPLATE_DATABASE = "portal_api_test_template";
export const DEMO_PASSWORD = "Demo-Pass-2026";

/** The same server, connected to its maintenance database (to create and drop databases). */
export function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}
