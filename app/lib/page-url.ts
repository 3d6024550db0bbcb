/**
 * The address a page was asked at, as the customer sees it. React Router passes the request to loaders,
 * actions and middleware as it came (`future.v8_passThroughRequests`: no copy of it per handler), so a
 * client navigation's data request still carries React Router's own details: the `.data` suffix
 * ("/billing/100101.data", "/_root.data" for "/"), `_routes`, an empty `index`. They are taken off here,
 * as React Router took them off before that flag.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  const page = pageOfDataRequest(url.pathname);
  if (page !== undefined) url.pathname = page;
  if (url.searchParams.has("_routes") || url.searchParams.has("index")) {
    const kept = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
    for (const value of kept) url.searchParams.append("index", value);
  }
  return url;
}

/** The page a data request is for: "/billing/100101.data" is /billing/100101, "/_root.data" is /; else undefined. */
export function pageOfDataRequest(pathname: string): string | undefined {
  const match = /^(.*?)(?:\/_root|\/_)?\.data$/.exec(pathname);
  if (!match) return undefined;
  return pathname.endsWith("/_.data") ? `${match[1]}/` : match[1] || "/";
}
