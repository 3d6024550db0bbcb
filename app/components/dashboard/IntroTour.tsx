/**
 * The intro tour of the residential dashboard (steps profile, billing, internet, support, in order),
 * shown while the API still lists product_tour_steps. Without JavaScript: a dismissible panel listing
 * the steps, each linking to its part of the page, "Start the tour" linking to the first, and "Got it" and
 * "Skip the tour" buttons posting to /dashboard/{id}/tour. With JavaScript "Start the tour" opens a guided tour, a
 * non-modal card under each part in turn (highlighted, focused), with Back, Next, Finish and Skip;
 * Finish and Skip post the same form. The page stays usable underneath (nothing is covered until the
 * customer starts the tour).
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { ResidentialDashboardAnswer } from "../../../api/contract/dashboard";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";

type Step = ResidentialDashboardAnswer["product_tour_steps"][number];

/** The part of the dashboard each step points at (the id of its card's heading). */
export const TOUR_TARGETS: Record<Step, string> = {
  profile: "account-heading",
  billing: "billing-heading",
  internet: "services-heading",
  support: "support-heading",
};

const button = "rounded-md px-4 py-2 font-semibold";
const primary = `${button} border border-primary bg-primary text-white hover:bg-primary-dark`;
const secondary = `${button} border border-gray-500 bg-white text-gray-900 hover:bg-gray-100`;

export function IntroTour({ customerId, steps }: { customerId: number; steps: Step[] }) {
  const [guided, setGuided] = useState(false);
  if (!steps.length) return null;
  return guided ? (
    <GuidedTour customerId={customerId} steps={steps} />
  ) : (
    <TourPanel customerId={customerId} steps={steps} onStart={() => setGuided(true)} />
  );
}

function TourPanel({ customerId, steps, onStart }: { customerId: number; steps: Step[]; onStart: () => void }) {
  const { t } = useT("profile");
  const hydrated = useHydrated();
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
      <Form method="post" action={`/dashboard/${customerId}/tour`} className="mt-4 flex flex-wrap gap-3">
        {/* Without JavaScript, starting the tour goes to its first part; with it, the guided tour. The
            same box either way, so nothing moves when the page hydrates. */}
        {hydrated ? (
          <button type="button" className={primary} onClick={onStart}>
            {t("tour.start")}
          </button>
        ) : (
          <a href={`#${TOUR_TARGETS[steps[0]]}`} className={`${primary} no-underline`}>
            {t("tour.start")}
          </a>
        )}
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

function GuidedTour({ customerId, steps }: { customerId: number; steps: Step[] }) {
  const { t } = useT("profile");
  const fetcher = useFetcher();
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const step = steps[index];
  const last = index === steps.length - 1;

  // Place the card under its part of the page, and highlight that part.
  useLayoutEffect(() => {
    if (closed) return;
    const heading = document.getElementById(TOUR_TARGETS[step]);
    const target = heading?.closest("section") ?? heading;
    if (!target) return;
    target.classList.add("tour-target");
    const place = () => {
      const rect = target.getBoundingClientRect();
      const width = Math.min(384, window.innerWidth - 24);
      setPosition({
        top: rect.bottom + window.scrollY + 8,
        left: Math.max(12, Math.min(rect.left + window.scrollX + 16, window.scrollX + window.innerWidth - width - 12)),
      });
    };
    place();
    window.addEventListener("resize", place);
    return () => {
      target.classList.remove("tour-target");
      window.removeEventListener("resize", place);
    };
  }, [step, closed]);

  // At each step, bring the card into view and move focus to it.
  useEffect(() => {
    if (!position) return;
    card.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    card.current?.focus();
  }, [index, position]);

  if (closed) return null;
  const end = (skipped: boolean) => {
    setClosed(true);
    fetcher.submit({ skipped: String(skipped) }, { method: "post", action: `/dashboard/${customerId}/tour` });
  };
  const go = (next: number) => setIndex(next);

  return (
    <div
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-step-title"
      aria-describedby="tour-step-text"
      tabIndex={-1}
      data-testid="tour"
      className="absolute z-30 w-[min(24rem,calc(100vw-1.5rem))] rounded-lg border border-gray-300 bg-white p-4 text-gray-900 shadow-xl"
      style={position ? { top: position.top, left: position.left } : { top: 96, left: 12 }}
    >
      <p className="text-sm text-gray-700">{t("tour.progress", { current: index + 1, total: steps.length })}</p>
      <p id="tour-step-title" className="mt-1 text-lg font-semibold">
        {t(`tour.steps.${step}.title`)}
      </p>
      <p id="tour-step-text" className="mt-1">
        {t(`tour.steps.${step}.text`)}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {index > 0 ? (
          <button type="button" className={secondary} onClick={() => go(index - 1)}>
            {t("tour.back")}
          </button>
        ) : null}
        {last ? (
          <button type="button" className={primary} onClick={() => end(false)}>
            {t("tour.finish")}
          </button>
        ) : (
          <button type="button" className={primary} onClick={() => go(index + 1)}>
            {t("tour.next")}
          </button>
        )}
        <button type="button" className="ml-auto px-2 py-2 font-medium text-gray-900 underline" onClick={() => end(true)}>
          {t("tour.skip")}
        </button>
      </div>
    </div>
  );
}
