/**
 * The intro tour of the residential dashboard (steps profile, billing, internet, support, in order),
 * shown while the API still lists product_tour_steps. First a panel listing the steps, each linking to
 * its part of the page, with "Start the tour" and the "Got it" and "Skip the tour" buttons posting to
 * /dashboard/{id}/tour (as a document: END_FORM). The tour itself is in the address, so it works the
 * same with and without JavaScript: `?tour=2` shows step 2 as a card in the page, right under the part
 * it is about (which is outlined), never over other content; Back and Next are links to the neighbouring
 * steps, Finish and Skip post the same form. With JavaScript the steps change without a reload and focus
 * moves to the card.
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { ResidentialDashboardAnswer } from "#contract/dashboard";
import { useT } from "~/lib/use-t";

export type TourStepName = ResidentialDashboardAnswer["product_tour_steps"][number];

/** The part of the dashboard each step points at (the id of its card's heading). */
export const TOUR_TARGETS: Record<TourStepName, string> = {
  profile: "account-heading",
  billing: "billing-heading",
  internet: "services-heading",
  support: "support-heading",
};

/** The query parameter holding the tour's step (from 1). */
export const TOUR_PARAM = "tour";

/** The step shown by `?tour=n` (0-based), or null when none or one that is not there. */
export function tourStepOf(search: URLSearchParams, steps: readonly TourStepName[]): number | null {
  const value = search.get(TOUR_PARAM);
  if (!value || !/^\d+$/.test(value)) return null;
  const index = Number(value) - 1;
  return index >= 0 && index < steps.length ? index : null;
}

/**
 * The end of the tour is posted as a document, with JavaScript too: /dashboard/{id}/tour has a page only
 * for a refused post (an API that does not answer), which a client-side navigation would lose to the
 * address's redirect to the dashboard.
 */
const END_FORM = { method: "post", reloadDocument: true } as const;

/** The address of a step: this page with `?tour=n`, down to the card. */
const stepHref = (index: number) => `?${TOUR_PARAM}=${index + 1}#tour-step`;

const button = "rounded-md px-4 py-2 font-semibold";
const primary = `${button} border border-primary bg-primary text-white no-underline hover:bg-primary-dark`;
const secondary = `${button} border border-gray-500 bg-white text-gray-900 no-underline hover:bg-gray-100`;

/** The intro panel: what the tour shows, and the ways to start or dismiss it. */
export function TourPanel({ customerId, steps }: { customerId: number; steps: TourStepName[] }) {
  const { t } = useT("profile");
  if (!steps.length) return null;
  return (
    <section
      aria-labelledby="tour-heading"
      className="mb-6 rounded-lg border-l-4 border-info bg-info-light p-5 text-gray-900"
      data-testid="tour"
    >
      <h2 id="tour-heading" className="text-lg font-semibold">
        {t("tour.title")}
      </h2>
      <p className="mt-1">{t("tour.intro")}</p>
      <ol className="mt-3 list-decimal space-y-2 pl-6">
        {steps.map((step) => (
          <li key={step}>
            <a href={`#${TOUR_TARGETS[step]}`} className="font-semibold">
              {t(`tour.steps.${step}.title`)}
            </a>
            <span className="block">{t(`tour.steps.${step}.text`)}</span>
          </li>
        ))}
      </ol>
      <Form {...END_FORM} action={`/dashboard/${customerId}/tour`} className="mt-4 flex flex-wrap gap-3">
        <Link to={stepHref(0)} preventScrollReset className={primary}>
          {t("tour.start")}
        </Link>
        <button type="submit" name="skipped" value="false" className={secondary}>
          {t("tour.gotIt")}
        </button>
        <button type="submit" name="skipped" value="true" className={secondary}>
          {t("tour.skip")}
        </button>
      </Form>
    </section>
  );
}

/** One step of the tour, in the page under the part it is about. */
export function TourStep({ customerId, steps, index }: { customerId: number; steps: TourStepName[]; index: number }) {
  const { t } = useT("profile");
  const card = useRef<HTMLElement>(null);
  const step = steps[index];
  const last = index === steps.length - 1;

  // With JavaScript the step changes without a new page: bring the card into view and move focus to it.
  useEffect(() => {
    card.current?.focus();
  }, [index]);

  return (
    <section
      ref={card}
      id="tour-step"
      aria-labelledby="tour-step-title"
      aria-describedby="tour-step-text"
      tabIndex={-1}
      className="mt-4 scroll-mt-24 rounded-lg border-l-4 border-info bg-info-light p-5 text-gray-900 shadow-sm"
      data-testid="tour"
    >
      <p className="text-sm text-gray-800">{t("tour.progress", { current: index + 1, total: steps.length })}</p>
      <h2 id="tour-step-title" className="mt-1 text-lg font-semibold">
        {t(`tour.steps.${step}.title`)}
      </h2>
      <p id="tour-step-text" className="mt-1">
        {t(`tour.steps.${step}.text`)}
      </p>
      <Form {...END_FORM} action={`/dashboard/${customerId}/tour`} className="mt-4 flex flex-wrap items-center gap-3">
        {index > 0 ? (
          <Link to={stepHref(index - 1)} preventScrollReset className={secondary}>
            {t("tour.back")}
          </Link>
        ) : null}
        {last ? (
          <button type="submit" name="skipped" value="false" className={primary}>
            {t("tour.finish")}
          </button>
        ) : (
          <Link to={stepHref(index + 1)} preventScrollReset className={primary}>
            {t("tour.next")}
          </Link>
        )}
        <button type="submit" name="skipped" value="true" className="px-2 py-2 font-medium text-gray-900 underline">
          {t("tour.skip")}
        </button>
      </Form>
    </section>
  );
}
