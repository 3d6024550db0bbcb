/**
 * What pages read of the root route's data (the loader of app/root.tsx gives it: `satisfies RootData`), without
 * importing the root route module, which imports the page frame.
 */
import { useRouteLoaderData } from "react-router";

export interface RootData {
  /** BRAND_NAME. */
  brand: string;
}

/** The portal's name, on any page. */
export function useBrand(): string {
  return useRouteLoaderData<RootData>("root")?.brand ?? "";
}
