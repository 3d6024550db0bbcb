/**
 * Why a post was refused, above the forms of a page that has one form per account or per network. Such
 * a page gives a refused post back to the form it came from, found by a field the form carries (the
 * account, the band). A post the portal could not read (a control character, a body that is not a form)
 * or that names none of the page's forms carries no such field: without this alert the customer would
 * get the page back with no word of why.
 */
import type { FormReply } from "~/lib/form-action.server";
import { translateMessage } from "~/lib/form-messages";
import { useT } from "~/lib/use-t";
import { PageAlert, PageAlerts } from "../PageAlert";

/**
 * The messages of a reply that no form of the page took: its form-level ones, then those of its fields
 * (which the page does not show as controls: the band, the account), each once.
 */
export function unplacedMessages(reply: FormReply | null | undefined): string[] {
  const errors = reply?.result.error ?? {};
  const fields = Object.keys(errors).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : 0));
  return [...new Set(fields.flatMap((field) => errors[field] ?? []))];
}

/** `reply`: the page's action data when none of its forms took it, else null. */
export function RefusedPostAlert({ reply }: { reply: FormReply | null | undefined }) {
  const { t } = useT("common");
  const messages = unplacedMessages(reply);
  if (!messages.length) return null;
  return (
    <PageAlerts>
      <PageAlert tone="error" title={t("formErrors.title")} testId="post-refused">
        {messages.map((message) => (
          <p key={message}>{translateMessage(t, message)}</p>
        ))}
      </PageAlert>
    </PageAlerts>
  );
}
