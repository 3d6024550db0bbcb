/**
 * The endpoint routers of the API, each asked only for the addresses it may answer. Mounted one after
 * another with `router.use`, every request would walk every route of every router before its own (the
 * dashboard's about 150 pattern matches); here a table from an address's first segment ("billing",
 * "residential-dashboard") to the routers with a route under it sends the request to those alone, in
 * the order given, exactly as the chain of `use` would have met them.
 *
 * Each router's segments are read from its own routes when the table is built (routers mounted inside it
 * without a path count with theirs): a layer whose first segment is not a plain word (a parameter, a
 * pattern) or that is not a route makes its router one asked for every address.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from "express";

/** What a layer of an Express 5 router (the `router` package) exposes, read only here. */
interface Layer {
  route?: { path: unknown };
  handle: { stack?: Layer[] };
  slash?: boolean;
}

/** Every address ("*") or the first segments, lower-cased, under which a router has routes. */
function segmentsOf(stack: Layer[]): Set<string> | "*" {
  const segments = new Set<string>();
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? (layer.route.path as unknown[]) : [layer.route.path];
      for (const path of paths) {
        const first = typeof path === "string" && path.startsWith("/") ? path.split("/")[1] : undefined;
        if (first === undefined || !/^[\w.-]*$/.test(first)) return "*";
        segments.add(first.toLowerCase());
      }
    } else if (layer.slash && layer.handle.stack) {
      // A router mounted without a path: its routes are this router's.
      const inner = segmentsOf(layer.handle.stack);
      if (inner === "*") return "*";
      for (const segment of inner) segments.add(segment);
    } else return "*";
  }
  return segments;
}

/** One handler for `routers`, as if each were mounted in turn with `use`, but asking only those that may answer. */
export function dispatchBySegment(routers: Router[]): RequestHandler {
  const known = routers.map((router) => ({ router, segments: segmentsOf((router as unknown as { stack: Layer[] }).stack) }));
  const everywhere = known.filter((entry) => entry.segments === "*").map((entry) => entry.router);
  const table = new Map<string, Router[]>();
  for (const { segments } of known) {
    if (segments === "*") continue;
    for (const segment of segments) {
      if (table.has(segment)) continue;
      table.set(
        segment,
        known.filter((entry) => entry.segments === "*" || entry.segments.has(segment)).map((entry) => entry.router),
      );
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const chain = table.get((req.path.split("/")[1] ?? "").toLowerCase()) ?? everywhere;
    let at = 0;
    const step = (error?: unknown) => {
      // A router that ends without an error hands on nothing (undefined, or null after its own "router").
      if (error !== undefined && error !== null) return next(error);
      const router = chain[at++];
      if (!router) return next();
      router(req, res, step);
    };
    step();
  };
}
