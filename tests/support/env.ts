/** The environment of the unit and route suites: an external API answered by msw, test cookies. */
process.env.NODE_ENV = "test";
process.env.API_BASE_URL = "http://api.test/api/v1";
process.env.SESSION_SECRET = "test-session-secret-that-is-long-enough-0123456789";
process.env.BRAND_NAME = "Lakeshore";
process.env.COMMERCIAL_APP_URL = "";

// msw intercepts fetch, not undici's pool: the suites call the API through fetch.
const { setDefaultTransport } = await import("../../app/lib/api.server.ts");
const { fetchTransport } = await import("../../app/lib/api-transport.server.ts");
setDefaultTransport(fetchTransport);
export {};
