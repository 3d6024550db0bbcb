import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds live side by side (a second end-to-end run on another port).
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    v8_middleware: true,
    // Loaders, actions and middleware get the request as it came, not two copies of it per call; the page's
    // address without React Router's data-request details is `pageUrl(request)` (app/lib/page-url.ts).
    v8_passThroughRequests: true,
  },
} satisfies Config;
