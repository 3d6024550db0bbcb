/** The line under a service page's heading: which package, at which address. */
import { useT } from "~/lib/use-t";

type Address = { line1: string; line2: string | null; city: string };

export function PackageLine({ bundle }: { bundle: { name: string; service_address: Address } }) {
  const { t } = useT("services");
  const a = bundle.service_address;
  return <>{t("packageLine", { name: bundle.name, address: [a.line1, a.line2, a.city].filter(Boolean).join(", ") })}</>;
}
