import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    // The server bundle is loaded by server.ts; keep it readable in stack traces.
    sourcemap: false,
  },
});
