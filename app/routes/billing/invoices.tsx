/**
 * /billing/{customerId}/invoices: the account's invoices, newest first (GET /billing/{id}/invoices), each
 * with its PDF, which the portal streams from the API (routes/billing/invoice-pdf.tsx).
 */
import { StatusBadge } from "~/components/StatusBadge";
import { Link } from "react-router";
import type { Route } from "./+types/invoices";
import type { Invoice, InvoiceStatus } from "#contract/billing";
import { DataTable } from "~/components/DataTable";
import { PageTitle } from "~/components/PageTitle";
import { api } from "~/lib/api.server";
import { redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, (id) => `/billing/${id}/invoices`, { billing: true });
  const customer = await requireCustomer(context, request, params, { billing: true });
  const id = customer.customer_id;
  const { invoices } = await api(context, request).call("GET /billing/{id}/invoices", { params: { id } });
  return { customer: { customer_id: id, contract_name: customer.contract_name }, invoices };
}

/** An invoice's status in words, with a colour that only repeats them. */
function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useT("billingHistory");
  return <StatusBadge status={status} label={t(`invoices.status.${status}`)} />;
}

/** Links to the other billing pages. */
function BillingLinks({ links }: { links: { to: string; label: string }[] }) {
  const { t } = useT("billingHistory");
  return (
    <nav aria-label={t("related")} className="mt-3">
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="font-medium">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function InvoiceRow({ invoice, customerId }: { invoice: Invoice; customerId: number }) {
  const { t, language } = useT("billingHistory");
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language, "medium");
  return (
    <tr className="border-t border-gray-200">
      <th scope="row" className="whitespace-nowrap">
        {invoice.invoice_number}
      </th>
      <td className="whitespace-nowrap">{date(invoice.issued_on)}</td>
      <td className="whitespace-nowrap">{t("invoices.period", { start: date(invoice.period_start), end: date(invoice.period_end) })}</td>
      <td className="whitespace-nowrap">{date(invoice.due_on)}</td>
      <td className="cell-num">{money(invoice.total)}</td>
      <td className="cell-num">{money(invoice.amount_paid)}</td>
      <td className="cell-num">{money(invoice.balance_due)}</td>
      <td className="whitespace-nowrap">
        <InvoiceStatusBadge status={invoice.status} />
      </td>
      <td className="whitespace-nowrap">
        {/* A document, not a page: the browser opens the PDF itself (no client-side navigation). */}
        <a href={`/billing/${customerId}/invoices/${invoice.invoice_id}/pdf`} className="font-medium">
          {t("invoices.downloadPdf")}
          <span className="sr-only"> {t("invoices.pdfOf", { number: invoice.invoice_number })}</span>
        </a>
      </td>
    </tr>
  );
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { t } = useT("billingHistory");
  const { customer, invoices } = loaderData;
  const id = customer.customer_id;

  return (
    <div>
      <PageTitle title={t("invoices.title")} />
      <h1 className="text-2xl font-semibold text-gray-900">{t("invoices.title")}</h1>
      <p className="mt-1 text-gray-700">{t("account", { name: customer.contract_name, id })}</p>
      <BillingLinks
        links={[
          { to: `/billing/${id}`, label: t("links.summary") },
          { to: `/billing-details/${id}/payments`, label: t("links.payments") },
        ]}
      />

      <DataTable
        caption={t("invoices.caption")}
        columns={[
          { header: t("invoices.columns.number") },
          { header: t("invoices.columns.issued") },
          { header: t("invoices.columns.period") },
          { header: t("invoices.columns.due") },
          { header: t("invoices.columns.total"), align: "right" },
          { header: t("invoices.columns.paid"), align: "right" },
          { header: t("invoices.columns.balance"), align: "right" },
          { header: t("invoices.columns.status") },
          { header: t("invoices.columns.pdf") },
        ]}
        rows={invoices}
        row={(invoice) => <InvoiceRow key={invoice.invoice_id} invoice={invoice} customerId={id} />}
        className="mt-6"
        empty={
          <section aria-labelledby="invoices-empty" className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <p id="invoices-empty" className="font-medium text-gray-900" data-testid="invoices-empty">
              {t("invoices.empty")}
            </p>
            <p className="mt-2 text-gray-800">{t("invoices.emptyNext")}</p>
            <p className="mt-3">
              <Link to={`/billing/${id}`} className="font-medium">
                {t("links.summary")}
              </Link>
            </p>
          </section>
        }
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
