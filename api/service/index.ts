/** The reference /api/v1 as an Express router. */
import { Router } from "express";
import { openApi } from "../contract/index.ts";
import { authRoutes } from "./auth.ts";
import { commercialDashboardRoutes } from "./commercial-dashboard.ts";
import type { ServiceContext } from "./context.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { errorHandler, notFound } from "./errors.ts";
import { authenticate, detectLanguage, parseBody } from "./http.ts";
import { residentialDashboardRoutes } from "./residential-dashboard.ts";

export function createApiRouter(ctx: ServiceContext): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(detectLanguage);
  router.use(parseBody);

  // Public: no token needed.
  router.get("/openapi.json", (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(openApi());
  });
  router.use(authRoutes(ctx));

  // Everything below answers 401 without a valid bearer token.
  router.use(authenticate(ctx.tokens));
  router.use(dashboardRoutes(ctx));
  router.use(residentialDashboardRoutes(ctx));
  router.use(commercialDashboardRoutes(ctx));

  router.use((_req, _res, next) => next(notFound("Endpoint")));
  router.use(errorHandler);
  return router;
}
