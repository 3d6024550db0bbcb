/** Sign out: the API ends the session, the cookie is cleared, and the customer goes to /login. */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/lib/auth.server";

export async function action({ request, context }: Route.ActionArgs) {
  await signOut(context, request);
  throw redirect("/login");
}

export function loader() {
  throw redirect("/");
}
