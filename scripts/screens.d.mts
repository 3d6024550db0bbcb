/** Types of scripts/screens.mjs, for the TypeScript that imports it (e2e/every-screen.spec.ts). */
export declare const DEMO_PASSWORD: string;
export declare const USERS: { resi: string; business: string; family: string };
export declare const AUTH: Record<string, string>;
export interface Screen {
  /** A short label. */
  name: string;
  /** The page's address (absent when `via` leads to it). */
  path?: string;
  /** A link with a token that the portal trades for a cookie and a redirect to the page. */
  via?: string;
  /** Whose session opens it; none: public. */
  user?: keyof typeof USERS;
  /** The expected status; 200 unless said. */
  status?: number;
}
export declare const SCREENS: Screen[];
export declare const VARIANTS: Screen[];
