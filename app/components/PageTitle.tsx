/** The document title: "<page> | my<brand>". React hoists <title> into the head. */
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";

export function usePortalName(): string {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as { brand?: string } | undefined;
  return t("brand.portalName", { brand: root?.brand ?? "" });
}

export function PageTitle({ title }: { title: string }) {
  const portal = usePortalName();
  return <title>{`${title} | ${portal}`}</title>;
}
