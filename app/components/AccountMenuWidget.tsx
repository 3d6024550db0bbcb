/** The account menu as a Headless UI Menu (loaded after hydration). */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useT } from "~/lib/use-t";
import { Link, useSubmit } from "react-router";
import { accountMenuButtonClass, accountMenuItemClass, UserLabel } from "./AccountMenuParts";

export default function AccountMenuWidget({ username }: { username: string }) {
  const { t } = useT();
  const submit = useSubmit();
  return (
    <Menu as="div" className="relative">
      <MenuButton className={accountMenuButtonClass}>
        <UserLabel username={username} />
      </MenuButton>
      <MenuItems className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none">
        <MenuItem>
          <Link to="/profile-settings" className={accountMenuItemClass}>
            {t("nav.profileSettings")}
          </Link>
        </MenuItem>
        <MenuItem>
          {/* The menu closes (and unmounts this item) on click, so post from code, not a submit button. */}
          <button type="button" onClick={() => void submit(null, { method: "post", action: "/logout" })} className={accountMenuItemClass}>
            {t("nav.signOut")}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
