/** The document title: "<page> | my<brand>". React hoists <title> into the head. */
import { useT } from "~/lib/use-t";
import { useRouteLoaderData } from "react-router";

export function usePortalName(): string {
  const { t } = useT();
  const root = useRouteLoaderData("root") as { brand?: string } | undefined;
  return t("brand.portalName", { brand: root?.brand ?? "" });
}

export function PageTitle({ title }: { title: string }) {
  const portal = usePortalName();
  return <title>{`${title} | ${portal}`}</title>;
}
