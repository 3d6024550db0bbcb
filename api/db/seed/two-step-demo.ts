/**
 * The demo's two-step user and what their authenticator app holds, in a module of its own (no imports) so that
 * the portal's msw fixtures (tests/mocks/two-step.ts) answer with the same secret and codes as the demo.
 * `DEMO_TWO_STEP` (two-step.ts) adds the account they are a contact of.
 */
export const DEMO_TWO_STEP_USER = {
  userId: 62,
  username: "louise.gagnon@example.com",
  /** Base32, as an app takes it typed (RFC 6238: SHA-1, 6 digits, 30 s). */
  secret: "LOUISEGAGNONDEMOTWOSTEPSECRET234",
  /** Each works once per database (npm run db:reset brings them back). */
  recoveryCodes: [
    "k72cm-qf4ss",
    "5f6fu-fapa7",
    "akd97-6h7qc",
    "mked3-qt86f",
    "3bwck-b35re",
    "mvp4e-bu94e",
    "2vxaj-xqnu7",
    "4zfrz-m9xrc",
    "6ju9v-fd55a",
    "njq23-jas34",
  ],
} as const;
