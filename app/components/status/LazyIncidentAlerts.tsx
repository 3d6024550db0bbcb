/**
 * The incident notices for pages near their first-load budget (the business endpoint; the router page):
 * their code loads only on a page that shows one. Like the router's LAN dialog, the page suspends while
 * it arrives: the server renders it in place, and hydration or a navigation keeps the page on screen.
 */
import { lazy } from "react";
import type { ComponentProps } from "react";
import type { IncidentAlerts as Notices } from "./IncidentAlerts";

const IncidentAlerts = lazy(() => import("./IncidentAlerts").then((m) => ({ default: m.IncidentAlerts })));

export function LazyIncidentAlerts(props: ComponentProps<typeof Notices>) {
  return props.incidents.length ? <IncidentAlerts {...props} /> : null;
}
