/**
 * The top of a screen (SCREENS.md): the document title, one h1 in the customer's words, a line naming
 * the account (and service), and the page's main action: top right on a desktop, full width under the
 * heading on a phone.
 */
import type { ReactNode } from "react";
import { PageTitle } from "./PageTitle";

export function PageHeader({
  title,
  subtitle,
  action,
  heading,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  /** The h1 when it is more than the title's text (a reference kept on one line: HeadingText). */
  heading?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <PageTitle title={title} />
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{heading ?? title}</h1>
        {subtitle ? <p className="mt-1 text-gray-700">{subtitle}</p> : null}
      </div>
      {action ? <div className="flex flex-col sm:shrink-0 sm:flex-row sm:gap-2 [&>*]:text-center">{action}</div> : null}
    </div>
  );
}

/** A link styled as the page's main action button. */
export const actionLinkClass =
  "inline-block rounded-md bg-primary px-5 py-2 font-semibold text-white no-underline hover:bg-primary-dark focus-visible:outline-offset-2";
/** A link styled as a secondary button. */
export const secondaryLinkClass =
  "inline-block rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 no-underline hover:bg-gray-100";
