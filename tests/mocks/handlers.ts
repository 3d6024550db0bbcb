/**
 * Every msw handler of the route suite, one module per resource (tests/mocks/<resource>.ts), each with
 * its fixtures. A new screen adds its module here.
 */
import { authHandlers } from "./auth.ts";
import { authFlowsHandlers } from "./auth-flows.ts";
import { billingHandlers } from "./billing.ts";
import { businessHandlers } from "./business.ts";
import { contactsHandlers } from "./contacts.ts";
import { dashboardHandlers } from "./dashboard.ts";
import { notificationsHandlers } from "./notifications.ts";
import { referralHandlers } from "./referrals.ts";
import { routerHandlers } from "./router.ts";
import { servicesHandlers } from "./services.ts";
import { statusHandlers } from "./status.ts";
import { supportHandlers } from "./support.ts";
import { twoStepHandlers } from "./two-step.ts";

export { API } from "./contract.ts";

export const handlers = [
  // Before authHandlers: the two-step user's password step.
  ...twoStepHandlers,
  ...authHandlers,
  ...dashboardHandlers,
  ...billingHandlers,
  ...businessHandlers,
  ...contactsHandlers,
  ...supportHandlers,
  ...referralHandlers,
  ...authFlowsHandlers,
  ...routerHandlers,
  ...servicesHandlers,
  ...statusHandlers,
  ...notificationsHandlers,
];
