// ESLint: TypeScript, React hooks, accessibility of JSX and the boundaries between app/, api/, common/ and
// server/ (docs/decisions/150-import-boundaries.md). Formatting is Prettier's (npm run format); import
// circles are scripts/import-circles.ts's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports a part of the repository may not make, by specifier: `(\.\./)+name/` climbs to a top-level
 * folder (none of app/, api/, common/, server/ has a folder of that name inside), `~/` is the app.
 */
const climbTo = (...folders) => `^(\\.\\./)+(${folders.join("|")})(/|\\.ts$|$)`;
const boundaries = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
  // Dynamic imports too (no-restricted-imports reads only static ones).
  "no-restricted-syntax": [
    "error",
    ...patterns.map(({ regex, message }) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll("/", "\\/")}/]`, message })),
  ],
});
const APP_BOUNDARIES = [
  { regex: climbTo("api/contract"), message: "Import the contract through #contract/* (package.json imports)." },
  {
    regex: climbTo("api(?!/contract)", "server"),
    message: "The app reaches the API through its contract (#contract/*) and nothing of server/.",
  },
  { regex: climbTo("common"), message: "Import common/ through #common/*." },
  { regex: "^~/\\.\\.(/|$)", message: "~/ is the app: no climbing out of it." },
];
const API_BOUNDARIES = [
  { regex: climbTo("app", "server"), message: "The API imports nothing of app/ or server/ (what both run is in #common/*)." },
  { regex: "^~/", message: "The API imports nothing of app/." },
  { regex: climbTo("common"), message: "Import common/ through #common/*." },
];
const COMMON_BOUNDARIES = [
  { regex: climbTo("app", "api", "server"), message: "common/ imports nothing of app/, api/ or server/." },
  { regex: "^(~|#contract)/", message: "common/ imports nothing of app/, api/ or server/." },
];

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", ".data/", "test-results/", "node_modules/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (a wide table, the PAD agreement) must be reachable by keyboard to scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: boundaries(APP_BOUNDARIES) },
  { files: ["api/**/*.ts"], rules: boundaries(API_BOUNDARIES) },
  { files: ["common/**/*.ts"], rules: boundaries(COMMON_BOUNDARIES) },
  {
    // Tests read loosely typed answers (route results, JSON bodies).
    files: ["tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // End-to-end tests wait for a state (a request, a response, what the page shows), never for a time.
    files: ["e2e/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message:
            "No fixed sleeps in e2e: wait for the request, the response or the state (waitForResponse, expect.poll, locator assertions).",
        },
      ],
    },
  },
);
