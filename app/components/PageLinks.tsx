/**
 * The links of a list cut into pages (SCREENS.md, tables): the page before, "Page n of m", the page after.
 * Plain links (rel prev and next), so they work without JavaScript; nothing when the list has one page.
 */
import { Link, type To } from "react-router";
import { useT } from "~/lib/use-t";

export function PageLinks({
  label,
  page,
  pages,
  href,
  previous,
  next,
}: {
  /** What the pages are of, for the navigation landmark. */
  label: string;
  page: number;
  pages: number;
  href: (page: number) => To;
  previous: string;
  next: string;
}) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {previous}
        </Link>
      ) : null}
      <span className="text-gray-800">{t("pager.pages", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}
