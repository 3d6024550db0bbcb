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
import { errorHandler, notFound } from "./errors.ts";
import { authenticate, detectLanguage, refuseControlCharacters } from "./http.ts";
import { bodyGate, readBody } from "./uploads.ts";
import { residentialDashboardRoutes } from "./residential-dashboard.ts";
import { notificationPublicRoutes, notificationRoutes } from "./notifications.ts";
import { referralRoutes } from "./referrals.ts";
import { revisionRoutes } from "./revision.ts";
import { residentialServicesRoutes } from "./residential-services.ts";
import { routerRoutes } from "./router.ts";
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
  router.use(authRoutes(ctx));
  // The second step of signing in, for a user with two-step verification on.
  router.use(twoStepPublicRoutes(ctx));
  router.use(authFlowRoutes(ctx));
  router.use(oauthPublicRoutes(ctx));
  router.use(orderRoutes(ctx));
  router.use(contactActivationRoutes(ctx));
  // Support tickets looked up without signing in: an e-mailed link, then a short read-only view.
  router.use(ticketLookupRoutes(ctx));
  // Service status: outages and maintenance by area, for visitors.
  router.use(statusPublicRoutes(ctx));
  // Unsubscribe links of notification mail; the development outbox (404 in production).
  router.use(notificationPublicRoutes(ctx));

  // Everything below answers 401 without a valid bearer token.
  router.use(authenticate(ctx.tokens));
  router.use(invoicesRoutes(ctx));
  router.use(paymentsRoutes(ctx));
  router.use(autopayRoutes(ctx));
  router.use(proofOfPaymentRoutes(ctx));
  router.use(oauthRoutes(ctx));
  router.use(endpointRoutes(ctx));
  router.use(cabinetRoutes(ctx));
  router.use(supportRoutes(ctx));
  router.use(ticketConversationRoutes(ctx));
  router.use(revisionRoutes(ctx));
  router.use(dashboardRoutes(ctx));
  router.use(residentialDashboardRoutes(ctx));
  router.use(commercialDashboardRoutes(ctx));
  router.use(wifiRoutes(ctx));
  router.use(routerRoutes(ctx));
  router.use(routerForwardingRoutes(ctx));
  router.use(routerDhcpRoutes(ctx));
  router.use(routerRestartRoutes(ctx));
  router.use(routerUpnpRoutes(ctx));
  router.use(devicePausesRoutes(ctx));
  router.use(residentialServicesRoutes(ctx));
  router.use(contactsRoutes(ctx));
  router.use(accountsRoutes(ctx));
  router.use(referralRoutes(ctx));
  router.use(statusRoutes(ctx));
  router.use(twoStepRoutes(ctx));
  router.use(notificationRoutes(ctx));
  router.use(sessionsRoutes(ctx));
  router.use(activityRoutes(ctx));

  router.use((_req, _res, next) => next(notFound("Endpoint")));
  router.use(errorHandler);
  return router;
}
