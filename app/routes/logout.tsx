/**
 * Sign out: the API ends the session, the cookie is cleared, and the customer goes to /login. Pages are
 * kept by the browser (private, no-cache, for 304 answers): Clear-Site-Data empties its cache (and
 * back-forward cache) of this site, so nothing of the account stays on a shared computer.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/lib/auth.server";

export async function action({ request, context }: Route.ActionArgs) {
  await signOut(context, request);
  throw redirect("/login", { headers: { "Clear-Site-Data": '"cache"' } });
}

export function loader() {
  throw redirect("/");
}
