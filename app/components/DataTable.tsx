/**
 * A table of records (invoices, payments, DHCP leases, alerts…): a caption naming it (read by screen
 * readers; the page's heading shows it), column headers with scope, rows written by the screen (each a
 * <tr> whose first cell is a <th scope="row">), and the sentence said instead when there is nothing.
 * A table wider than the screen (a phone) scrolls sideways inside a region that is named ("Invoices
 * (scrolls sideways)") and reachable with the keyboard. Without JavaScript the region is always
 * focusable; with it, only while the table overflows, so a desktop gets no useless tab stop.
 * The body cells take their spacing and colour from the look (`cells-card`, `cells-plain` in app.css):
 * a screen's cells carry only what differs (`cell-num` for numbers, `font-mono`, `whitespace-nowrap`).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useT } from "~/lib/use-t";

export interface Column {
  /** The header's text; null for the empty corner of a table whose rows are headed. */
  header: ReactNode | null;
  /** Numbers and money are right-aligned, header and cells alike. */
  align?: "left" | "right";
  /** A header only screen readers read (a column of actions). */
  srOnly?: boolean;
  /** Needed when headers are not distinct strings (a column per circuit). */
  key?: string;
}

const looks = {
  /** A table on its own: a white card with a grey header row (billing, business). */
  card: {
    wrapper: "rounded-lg border border-gray-200 bg-white shadow-sm",
    table: "min-w-full text-sm cells-card",
    thead: "bg-gray-50",
    th: "px-3 py-2 font-semibold text-gray-900",
    tbody: "",
    empty: "rounded-lg border border-gray-200 bg-white p-5 text-gray-900 shadow-sm",
  },
  /** A table inside a card (router sections): no frame of its own, a rule under the headers. */
  plain: {
    wrapper: "",
    table: "w-full text-sm cells-plain",
    thead: "border-b border-gray-200 text-gray-700",
    th: "py-2 pr-3 last:pr-0",
    tbody: "divide-y divide-gray-100",
    empty: "text-gray-900",
  },
} as const;

export interface DataTableProps<T> {
  /** What the table holds ("Your invoices, newest first"): its caption and the scroll region's name. */
  caption: string;
  /** `false` entries are left out (a column shown to some contacts only). */
  columns: (Column | false | null | undefined)[];
  rows: readonly T[];
  /** One row: a <tr> with its key. */
  row: (item: T, index: number) => ReactNode;
  /** Said instead of the table when there are no rows (a sentence, or a whole block); nothing when omitted. */
  empty?: ReactNode;
  look?: keyof typeof looks;
  /** Spacing around the table (or its empty sentence): "mt-6". */
  className?: string;
  /** Long tables (a row per day) scroll down too, under a header that stays. */
  tall?: boolean;
  testId?: string;
  emptyTestId?: string;
}

/** Whether the element is wider inside than outside; true until measured (the server cannot know). */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  row,
  empty,
  look = "card",
  className = "",
  tall,
  testId,
  emptyTestId,
}: DataTableProps<T>) {
  const { t } = useT();
  const [ref, overflows] = useOverflows();
  const style = looks[look];
  if (rows.length === 0) {
    if (empty === undefined) return null;
    return typeof empty === "string" ? (
      <p className={`${style.empty} ${className}`.trim()} data-testid={emptyTestId}>
        {empty}
      </p>
    ) : (
      <>{empty}</>
    );
  }
  const shown = columns.filter((c): c is Column => Boolean(c));
  return (
    <div
      ref={ref}
      {...(overflows ? { role: "region", "aria-label": t("table.scrolls", { table: caption }), tabIndex: 0 } : {})}
      // relative: the visually hidden texts inside (absolutely positioned) stay in the scroll box instead of
      // widening the page.
      className={`relative ${tall ? "max-h-[32rem] overflow-auto" : "overflow-x-auto"} ${style.wrapper} ${className}`.trim()}
    >
      <table className={`${style.table} text-left`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${style.thead} ${tall ? "sticky top-0" : ""}`.trim()}>
          <tr>
            {shown.map((column, index) =>
              column.header === null ? (
                <td key={column.key ?? index} />
              ) : (
                <th
                  key={column.key ?? (typeof column.header === "string" ? column.header : index)}
                  scope="col"
                  className={`${style.th} ${column.align === "right" ? "text-right" : "text-left"}`}
                >
                  {column.srOnly ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={style.tbody || undefined}>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
