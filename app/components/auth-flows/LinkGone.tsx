/**
 * A link that does not work any more (unknown, used, expired or revoked): the spec's page-not-found
 * text, and what the customer can do next.
 */
import type { ReactNode } from "react";
import { Field, type Meta } from "~/components/form";
import { PageTitle } from "~/components/PageTitle";
import { useT } from "~/lib/use-t";

export function LinkGone({ title, help, children }: { title: string; help?: string; children?: ReactNode }) {
  const { t } = useT();
  return (
    <section aria-labelledby="link-gone" className="mx-auto max-w-xl rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <PageTitle title={title} />
      <h1 id="link-gone" className="text-2xl font-semibold text-gray-900">
        {title}
      </h1>
      <p className="mt-3 text-gray-800">{t("errors.notFoundText")}</p>
      {help ? <p className="mt-3 text-gray-800">{help}</p> : null}
      {children ? <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">{children}</div> : null}
    </section>
  );
}

/** The frame of a public form page: a card, a heading and the document title. */
export function PublicCard({
  title,
  intro,
  children,
  wide,
  heading,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** The h1 when it is more than the title's text (a reference kept on one line: HeadingText). */
  heading?: ReactNode;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-3xl" : "max-w-xl"}`}>
      <PageTitle title={title} />
      <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-gray-900">{heading ?? title}</h1>
        {intro ? <div className="mt-2 space-y-1 text-gray-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A new password and its confirmation, with the rules shown before they are broken. */
export function NewPasswordFields({
  password,
  confirm,
  passwordLabel,
  confirmLabel,
}: {
  password: Meta;
  confirm: Meta;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const { t } = useT("account");
  return (
    <>
      <Field
        meta={password}
        type="password"
        label={passwordLabel ?? t("password.new")}
        hint={t("password.rules")}
        autoComplete="new-password"
      />
      <Field meta={confirm} type="password" label={confirmLabel ?? t("password.confirm")} autoComplete="new-password" />
    </>
  );
}
