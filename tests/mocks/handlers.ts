/**
 * Every msw handler of the route suite, one module per resource (tests/mocks/<resource>.ts), each with
 * its fixtures. A new screen adds its module here.
 */
import { authHandlers } from "./auth.ts";
import { billingHandlers } from "./billing.ts";
import { dashboardHandlers } from "./dashboard.ts";
import { servicesHandlers } from "./services.ts";

export { API } from "./contract.ts";

export const handlers = [...authHandlers, ...dashboardHandlers, ...billingHandlers, ...servicesHandlers];
