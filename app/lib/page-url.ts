/**
 * The address a page was asked at, as the customer sees it. React Router passes the request to loaders,
 * actions and middleware as it came (`future.v8_passThroughRequests`: no copy of it per handler), so a
 * client navigation's data request still carries React Router's own details: the `.data` suffix
 * ("/billing/100101.data", "/_root.data" for "/"), `_routes`, an empty `index`. They are taken off here,
 * as React Router took them off before that flag.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length).replace(/(.)\/$/, "$1");
  }
  if (url.searchParams.has("_routes") || url.searchParams.has("index")) {
    const kept = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
    for (const value of kept) url.searchParams.append("index", value);
  }
  return url;
}
