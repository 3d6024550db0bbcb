/** The port forwarding pages' server side: the rules and LAN a rule is checked against, and saving one. */
import { data, type RouterContextProvider } from "react-router";
import { api } from "~/lib/api.server";
import { goneTo } from "~/lib/auth.server";
import { FieldRefusal, formAction } from "~/lib/form-action.server";
import { ROUTER_FAILURES, routerParts, routerServiceWith } from "./router.server";
import { getZodConstraint } from "@conform-to/zod/v4";
import { ruleSchema, ruleVersion, type RuleContext } from "~/schemas/router";

type Context = Readonly<RouterContextProvider>;

/**
 * The rule form's HTML constraints (names, lengths): its fields alone, whatever the rules are checked
 * against, so made once (a schema and its constraint cost about 0.2 ms a view).
 */
export const RULE_CONSTRAINT = getZodConstraint(ruleSchema({ lanIp: "", subnetMask: "", otherDescriptions: [] }));

/**
 * The service, its rules, and (for an edit) the rule of the page: 404 for a malformed rule id; a rule
 * that is no longer there (removed) sends the customer to the router's rules with a notice.
 */
export async function ruleData(context: Context, request: Request, params: { serviceId?: string; ruleId?: string }) {
  // The LAN and the rules come with the service from an API that includes them (decision 230).
  const { service, got } = await routerServiceWith(context, request, params, ["network_settings", "port_forwarding_rules"]);
  if (!service.canManage) throw data({ kind: "forbidden" }, { status: 403 });
  const { network_settings: lan, port_forwarding_rules: rules } = await routerParts(context, request, service.service.service_id, got, [
    "network_settings",
    "port_forwarding_rules",
  ]);
  let rule = null;
  if (params.ruleId !== undefined) {
    if (!/^\d{1,12}$/.test(params.ruleId)) throw data({ kind: "not-found" }, { status: 404 });
    rule = rules.find((r) => r.id === Number(params.ruleId)) ?? null;
    if (!rule) return goneTo(context, `/internet/router/${service.service.service_id}#port-forwarding`, "router:rules.gone");
  }
  const check: RuleContext = {
    lanIp: lan.lan_ip,
    subnetMask: lan.subnet_mask,
    otherDescriptions: rules.filter((r) => r.id !== rule?.id).map((r) => r.description),
  };
  return { service, rule, check };
}

/** Adds the rule (POST) or replaces the page's rule (PUT), then back to the router page with a notice. */
export async function saveRule(
  args: { request: Request; context: Context },
  { service, rule, check }: Awaited<ReturnType<typeof ruleData>>,
) {
  const serviceId = service.service.service_id;
  const client = api(args.context, args.request);
  return formAction(args, {
    schema: ruleSchema(check),
    failureMessages: ROUTER_FAILURES,
    submit: (value) => {
      // Changed in another tab or browser since this page showed it: nothing is overwritten unseen. The
      // page comes back with what was typed, and with the rule as it is now to compare (saving again replaces it).
      if (rule && value.shown_rule !== undefined && value.shown_rule !== ruleVersion(rule)) {
        throw new FieldRefusal({ "": ["router:failed.ruleChanged"] });
      }
      const form = {
        description: value.description!.trim(),
        protocol: value.protocol!,
        start_port: value.start_port!.trim(),
        end_port: value.end_port?.trim() ?? "",
        destination_address: value.destination_address!.trim(),
        destination_port: value.destination_port?.trim() ?? "",
        enabled: value.enabled === "on" ? "true" : "false",
      };
      return rule
        ? client.call("PUT /router/{serviceId}/port-forwarding-rules/{ruleId}", { params: { serviceId, ruleId: rule.id }, form })
        : client.call("POST /router/{serviceId}/port-forwarding-rules", { params: { serviceId }, form });
    },
    success: (answer) => ({
      redirectTo: `/internet/router/${serviceId}#port-forwarding`,
      notification: { key: rule ? "router:rules.saved" : "router:rules.added", values: { name: answer.rule.description } },
    }),
  });
}
