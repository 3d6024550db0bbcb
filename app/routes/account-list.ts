/**
 * /accounts/list: every account of the signed-in user, their id and name, for the account switcher's
 * search (more accounts than its menu holds), fetched when the customer first uses it rather than with
 * every page (a resource route: JSON). It is no navigation: a failure answers `accounts: null` (the search says the list could not
 * be loaded) rather than an error page or a sign-out (spec: a lookup failing during navigation sends the
 * customer to sign in; the next page still does).
 */
import type { Route } from "./+types/account-list";
import { api, isFailure } from "~/lib/api.server";
import { accountSummary } from "~/lib/auth.server";
import type { SwitcherAccount } from "~/components/AccountSwitcherParts";

export interface AccountListAnswer {
  accounts: SwitcherAccount[] | null;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<Response> {
  let answer: AccountListAnswer;
  try {
    const summary = await accountSummary(context, request);
    const { customers } = summary.complete ? summary : await api(context, request).call("GET /dashboard");
    answer = { accounts: customers.map(({ customer_id, contract_name }) => ({ customer_id, contract_name })) };
  } catch (error) {
    if (!isFailure(error)) throw error;
    answer = { accounts: null };
  }
  return Response.json(answer);
}
