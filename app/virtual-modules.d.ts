/** The browser's locale files in parts (scripts/vite-locale-sections.ts). */
declare module "virtual:locale-sections" {
  /** The folder of the parts: `${folder}fr/billing/pay.js`, `${folder}fr/billing.js`, `${folder}fr/common.js`. */
  export const folder: string;
}
