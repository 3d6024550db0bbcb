/**
 * /billing-details/{customerId}/payments: payment history (GET /billing/{id}/payments), newest first,
 * between two optional dates chosen with a plain GET form (?from_date=YYYY-MM-DD&to_date=YYYY-MM-DD).
 *
 * Dates that are not calendar dates, or an end before the start, never reach the API: the page says
 * what is wrong next to the filter (400) and lists nothing. A 422 of the API is shown the same way.
 * Bank and pre-authorized debit payments older than 30 days are not shown (spec section 9); the API
 * answers them, so the loader leaves them out, and the page says so under the table.
 */
import { DataTable } from "~/components/DataTable";
import { StatusBadge } from "~/components/StatusBadge";
import { data, Link } from "react-router";
import type { Route } from "./+types/payments";
import type { PaymentRecord } from "#contract/billing";
import { IsoDate } from "#contract/common";
import { addDays, formatDay } from "#common/calendar";
import { FilterForm } from "~/components/FilterForm";
import { PageTitle } from "~/components/PageTitle";
import { ApiFieldErrors, api } from "~/lib/api.server";
import { redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { fieldMessages } from "~/lib/form-action.server";
import { useT } from "~/lib/use-t";
import { pageUrl } from "~/lib/page-url";

/** Bank and PAD payments older than this many days are not shown (spec section 9). */
const BANK_PAYMENTS_SHOWN_DAYS = 30;
const BANK_METHODS: readonly PaymentRecord["method"][] = ["bank", "pad"];
const FIELDS = ["from_date", "to_date"] as const;
type FilterField = (typeof FIELDS)[number];

/** The calendar day (UTC, as the API dates payments) `days` before `today`. */
const daysBefore = (today: Date, days: number) => addDays(formatDay(today), -days);

/** The payments a customer is shown: no bank or PAD payment older than 30 days. */
function shownPayments(payments: PaymentRecord[], today = new Date()): PaymentRecord[] {
  const cutoff = daysBefore(today, BANK_PAYMENTS_SHOWN_DAYS);
  return payments.filter((p) => !(BANK_METHODS.includes(p.method) && p.date < cutoff));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/billing-details/${id}/payments`, { billing: true });
  const customer = await requireCustomer(context, request, params, { billing: true });
  const id = customer.customer_id;
  const search = pageUrl(request).searchParams;
  // What was typed, shown again in the form (cut short: it is only echoed).
  const filter = {
    from_date: (search.get("from_date") ?? "").trim().slice(0, 40),
    to_date: (search.get("to_date") ?? "").trim().slice(0, 40),
  };
  const page = { customer: { customer_id: id, contract_name: customer.contract_name }, filter };

  // Error codes as the API names them (`to_date.before_from_date`), by field; "" for the whole form.
  const errors: Partial<Record<FilterField | "", string[]>> = {};
  const query: Partial<Record<FilterField, string>> = {};
  for (const field of FIELDS) {
    if (!filter[field]) continue;
    if (IsoDate.safeParse(filter[field]).success) query[field] = filter[field];
    else errors[field] = [`${field}.invalid`];
  }
  if (query.from_date && query.to_date && query.to_date < query.from_date) errors.to_date = ["to_date.before_from_date"];

  const refused = (codes: Record<string, string[]>) =>
    data({ ...page, errors: fieldMessages(context, codes, FIELDS), payments: null }, { status: 400 });
  if (Object.keys(errors).length) return refused(errors as Record<string, string[]>);

  let answer;
  try {
    answer = await api(context, request).call("GET /billing/{id}/payments", { params: { id }, query });
  } catch (error) {
    if (error instanceof ApiFieldErrors) return refused(error.errors);
    throw error;
  }
  return { ...page, errors: {} as Record<string, string[]>, payments: shownPayments(answer.payments) };
}

function PaymentRow({ payment }: { payment: PaymentRecord }) {
  const { t, language } = useT("billingHistory");
  const method =
    payment.method === "credit_card" && payment.card_brand && payment.card_last_four
      ? t("payments.method.card", { brand: t(`payments.brand.${payment.card_brand}`), last4: payment.card_last_four })
      : t(`payments.method.${payment.method}`);
  return (
    <tr className="border-t border-gray-200">
      <th scope="row" className="whitespace-nowrap">
        {formatDate(payment.date, language, "medium")}
      </th>
      <td className="cell-num">{formatMoney(payment.amount, language)}</td>
      <td>{method}</td>
      <td className="whitespace-nowrap">{t(`payments.type.${payment.type}`)}</td>
      <td>
        <StatusBadge status={payment.status} label={t(`payments.status.${payment.status}`)} />
        {payment.status === "pending" && payment.settles_by ? (
          <span className="mt-1 block text-xs text-gray-700">
            {t("payments.settlesBy", { date: formatDate(payment.settles_by, language) })}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap font-mono">{payment.transaction_id}</td>
    </tr>
  );
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("billingHistory");
  const { customer, filter, errors, payments } = loaderData;
  const id = customer.customer_id;
  const date = (value: string) => formatDate(value, language);
  const filtered = !Object.keys(errors).length && Boolean(filter.from_date || filter.to_date);
  const caption = !filtered
    ? t("payments.caption")
    : filter.from_date && filter.to_date
      ? t("payments.captionRange", { from: date(filter.from_date), to: date(filter.to_date) })
      : filter.from_date
        ? t("payments.captionFrom", { from: date(filter.from_date) })
        : t("payments.captionTo", { to: date(filter.to_date) });

  return (
    <div>
      <PageTitle title={t("payments.title")} />
      <h1 className="text-2xl font-semibold text-gray-900">{t("payments.title")}</h1>
      <p className="mt-1 text-gray-700">{t("account", { name: customer.contract_name, id })}</p>
      <nav aria-label={t("related")} className="mt-3">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link to={`/billing/${id}`} className="font-medium">
              {t("links.summary")}
            </Link>
          </li>
          <li>
            <Link to={`/billing/${id}/invoices`} className="font-medium">
              {t("links.invoices")}
            </Link>
          </li>
        </ul>
      </nav>

      <FilterForm
        namespace="billingHistory"
        keys="payments.filter"
        idPrefix="filter"
        values={filter}
        errors={errors}
        clearTo={`/billing-details/${id}/payments`}
        className="mt-6"
      />

      {payments === null ? (
        <p className="mt-6 text-gray-800" data-testid="payments-fix-dates">
          {t("payments.fixDates")}
        </p>
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={[
              { header: t("payments.columns.date") },
              { header: t("payments.columns.amount"), align: "right" },
              { header: t("payments.columns.method") },
              { header: t("payments.columns.type") },
              { header: t("payments.columns.status") },
              { header: t("payments.columns.transaction") },
            ]}
            rows={payments}
            row={(payment) => <PaymentRow key={payment.payment_id} payment={payment} />}
            className="mt-6"
            empty={filtered ? t("payments.emptyFiltered") : t("payments.empty")}
            emptyTestId="payments-empty"
          />
          <p className="mt-3 text-sm text-gray-700" data-testid="bank-note">
            {t("payments.bankNote")}
          </p>
        </>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
