/** The reference /api/v1 as an Express router. */
import { Router } from "express";
import { openApi } from "../contract/index.ts";
import { accountsRoutes } from "./accounts.ts";
import { authRoutes } from "./auth.ts";
import { autopayRoutes } from "./billing-autopay.ts";
import { invoicesRoutes } from "./billing-invoices.ts";
import { paymentsRoutes } from "./billing-payments.ts";
import { proofOfPaymentRoutes } from "./billing-proof-of-payment.ts";
import { authFlowRoutes } from "./auth-flows.ts";
import { oauthPublicRoutes, oauthRoutes } from "./oauth.ts";
import { orderRoutes } from "./orders.ts";
import { cabinetRoutes } from "./cabinets.ts";
import { endpointRoutes } from "./endpoints.ts";
import { supportRoutes } from "./support.ts";
import { ticketConversationRoutes } from "./ticket-conversation.ts";
import { ticketLookupRoutes } from "./ticket-lookup.ts";
import { commercialDashboardRoutes } from "./commercial-dashboard.ts";
import { contactsRoutes } from "./contacts.ts";
import { contactActivationRoutes } from "./contacts-activation.ts";
import type { ServiceContext } from "./context.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { dispatchBySegment } from "./dispatch.ts";
import { errorHandler, notFound } from "./errors.ts";
import { authenticate, detectLanguage, refuseControlCharacters } from "./http.ts";
import { bodyGate, readBody } from "./uploads.ts";
import { residentialDashboardRoutes } from "./residential-dashboard.ts";
import { notificationPublicRoutes, notificationRoutes } from "./notifications.ts";
import { referralRoutes } from "./referrals.ts";
import { revisionRoutes } from "./revision.ts";
import { residentialServicesRoutes } from "./residential-services.ts";
import { routerRoutes } from "./router.ts";
import { routerPageRoutes } from "./router-page.ts";
import { routerDhcpRoutes } from "./router-dhcp.ts";
import { routerForwardingRoutes } from "./router-forwarding.ts";
import { statusPublicRoutes, statusRoutes } from "./status.ts";
import { routerRestartRoutes } from "./router-restart.ts";
import { routerUpnpRoutes } from "./router-upnp.ts";
import { devicePausesRoutes } from "./device-pauses.ts";
import { wifiRoutes } from "./wifi.ts";
import { twoStepPublicRoutes, twoStepRoutes } from "./two-step.ts";
import { requestLog, requestTrace } from "./request-log.ts";
import { activityRoutes } from "./activity.ts";
import { sessionsRoutes } from "./sessions.ts";

export function createApiRouter(ctx: ServiceContext): Router {
  const router = Router();
  router.use(requestLog());
  router.use(requestTrace());
  router.use((_req, res, next) => {
    res.set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    next();
  });
  router.use(detectLanguage);
  // Unknown endpoints, missing tokens and bodies past their endpoint's limit are refused before a byte
  // of the body is read; then the body is read within those limits (uploads.ts).
  router.use(bodyGate(ctx));
  router.use(readBody(ctx));
  router.use(refuseControlCharacters);

  // Public: no token needed.
  router.get("/openapi.json", (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(openApi());
  });
  // Each group's routers are asked in this order, but only those with routes under the address's first
  // segment (dispatch.ts).
  router.use(
    dispatchBySegment([
      authRoutes(ctx),
      // The second step of signing in, for a user with two-step verification on.
      twoStepPublicRoutes(ctx),
      authFlowRoutes(ctx),
      oauthPublicRoutes(ctx),
      orderRoutes(ctx),
      contactActivationRoutes(ctx),
      // Support tickets looked up without signing in: an e-mailed link, then a short read-only view.
      ticketLookupRoutes(ctx),
      // Service status: outages and maintenance by area, for visitors.
      statusPublicRoutes(ctx),
      // Unsubscribe links of notification mail; the development outbox (404 in production).
      notificationPublicRoutes(ctx),
      // Checks its bearer itself, with the session in its one statement (revision.ts).
      revisionRoutes(ctx),
    ]),
  );

  // Everything below answers 401 without a valid bearer token.
  router.use(authenticate(ctx.tokens));
  router.use(
    dispatchBySegment([
      invoicesRoutes(ctx),
      paymentsRoutes(ctx),
      autopayRoutes(ctx),
      proofOfPaymentRoutes(ctx),
      oauthRoutes(ctx),
      endpointRoutes(ctx),
      cabinetRoutes(ctx),
      supportRoutes(ctx),
      ticketConversationRoutes(ctx),
      dashboardRoutes(ctx),
      residentialDashboardRoutes(ctx),
      commercialDashboardRoutes(ctx),
      wifiRoutes(ctx),
      routerRoutes(ctx),
      routerPageRoutes(ctx),
      routerForwardingRoutes(ctx),
      routerDhcpRoutes(ctx),
      routerRestartRoutes(ctx),
      routerUpnpRoutes(ctx),
      devicePausesRoutes(ctx),
      residentialServicesRoutes(ctx),
      contactsRoutes(ctx),
      accountsRoutes(ctx),
      referralRoutes(ctx),
      statusRoutes(ctx),
      twoStepRoutes(ctx),
      notificationRoutes(ctx),
      sessionsRoutes(ctx),
      activityRoutes(ctx),
    ]),
  );

  router.use((_req, _res, next) => next(notFound("Endpoint")));
  router.use(errorHandler);
  return router;
}
