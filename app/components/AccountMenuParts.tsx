/** What the account menu shows with and without its widget (AccountMenu.tsx, AccountMenuWidget.tsx). */
import { useT } from "~/lib/use-t";

export const accountMenuItemClass =
  "block w-full px-4 py-2 text-left text-gray-900 no-underline hover:bg-primary-light data-focus:bg-primary-light";
export const accountMenuButtonClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-gray-900 hover:bg-gray-100";

export function UserLabel({ username }: { username: string }) {
  const { t } = useT();
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
        <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
      </svg>
      <span className="max-w-[12rem] truncate">{username}</span>
      <span className="sr-only">{t("accountMenu.label")}</span>
    </>
  );
}
