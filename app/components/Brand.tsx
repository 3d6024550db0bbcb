/** The portal's name, "my" + brand, with a simple mark. */
import { useT } from "~/lib/use-t";
import { Link } from "react-router";

export function BrandLink({ brand }: { brand: string }) {
  const { t } = useT();
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold text-primary no-underline">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <circle cx="16" cy="16" r="15" className="fill-primary" />
        <path d="M5 19c4-4 7-4 11 0s7 4 11 0" className="fill-none stroke-white" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M5 13c4-4 7-4 11 0s7 4 11 0" className="fill-none stroke-white/70" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span>{t("brand.portalName", { brand })}</span>
    </Link>
  );
}
