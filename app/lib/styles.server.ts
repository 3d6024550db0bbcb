/**
 * The portal's stylesheet, compiled by Vite (Tailwind), as text: the document carries it in a <style>
 * element (AppStyles) instead of a <link>, so the first paint waits for no second request.
 */
import css from "../app.css?inline";

export const APP_CSS: string = css;
