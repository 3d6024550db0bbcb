/**
 * The analytics consent banner: a plain form posting to /privacy, which stores the choice and
 * sends the visitor back to the page (with JavaScript, the router does the same without a reload). "Decline" looks exactly like "Accept". It comes after the page in
 * the document (the skip link stays first) and sticks to the bottom of the window until answered.
 */
import { Form, useLocation } from "react-router";
import { useT } from "~/lib/use-t";

const buttonClass =
  "cursor-pointer rounded-md border-2 border-primary bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-primary-light focus-visible:outline-offset-2";

export function ConsentBanner() {
  const { t } = useT("privacy");
  const { pathname, search } = useLocation();
  return (
    <section
      aria-labelledby="consent-heading"
      className="sticky bottom-0 z-30 border-t-2 border-primary bg-white shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <div className="max-w-3xl">
          <h2 id="consent-heading" className="font-semibold text-gray-900">
            {t("banner.title")}
          </h2>
          <p className="mt-1 text-sm text-gray-800">
            {t("banner.text")}{" "}
            <a href="/privacy" className="font-medium">
              {t("banner.more")}
            </a>
          </p>
        </div>
        <Form method="post" action="/privacy" preventScrollReset replace className="flex shrink-0 gap-3">
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button type="submit" name="analytics" value="accept" className={buttonClass}>
            {t("banner.accept")}
          </button>
          <button type="submit" name="analytics" value="decline" className={buttonClass}>
            {t("banner.decline")}
          </button>
        </Form>
      </div>
    </section>
  );
}
