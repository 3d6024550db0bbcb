/** The account menu as a Headless UI Menu (loaded after hydration). */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useT } from "~/lib/use-t";
import { Form, Link } from "react-router";
import { accountMenuButtonClass, accountMenuItemClass, UserLabel } from "./AccountMenu";

export default function AccountMenuWidget({ username }: { username: string }) {
  const { t } = useT();
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
          {/* The item is the form's button; the form is outside the menu's item list. */}
          <button type="submit" form="account-menu-sign-out" className={accountMenuItemClass}>
            {t("nav.signOut")}
          </button>
        </MenuItem>
      </MenuItems>
      <Form id="account-menu-sign-out" method="post" action="/logout" hidden />
    </Menu>
  );
}
