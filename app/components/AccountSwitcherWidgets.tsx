/** The account switcher's Headless UI widgets (loaded after hydration): a Menu, and a Combobox. */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { useT } from "~/lib/use-t";
import { useLocation, useNavigation, useSubmit } from "react-router";
import type { AccountListAnswer } from "~/routes/account-list";
import { matchesAccountQuery } from "~/lib/account-search";
import { accountLabel, type SwitcherAccount, type SwitcherProps } from "./AccountSwitcherParts";

/** Choosing an account twice within this time counts once (spec: 100 ms debounce). */
const CHOOSE_DEBOUNCE_MS = 100;

function useChooseAccount(activeId: number | undefined) {
  const submit = useSubmit();
  const { pathname } = useLocation();
  const last = useRef(0);
  return (account: SwitcherAccount | null) => {
    const now = Date.now();
    if (!account || account.customer_id === activeId || now - last.current < CHOOSE_DEBOUNCE_MS) return;
    last.current = now;
    void submit({ customerId: String(account.customer_id), returnTo: pathname }, { method: "post", action: "/switch-account" });
  };
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

export function AccountMenuWidget({ accounts, active }: SwitcherProps) {
  const { t } = useT();
  const activeId = active?.customer_id;
  const choose = useChooseAccount(activeId);
  const busy = useNavigation().state !== "idle";
  return (
    <Menu as="div" className="relative">
      {/* The native form's visible label, kept so that the header keeps its height (the button names itself). */}
      <span aria-hidden="true" className="block text-xs font-medium text-gray-700">
        {t("switcher.label")}
      </span>
      <MenuButton className="flex h-8 max-w-[20rem] items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1 text-left text-sm hover:bg-gray-50">
        <span className="sr-only">{t("switcher.labelPrefix")}</span>
        <span className="truncate">{active ? accountLabel(active) : t("switcher.choose")}</span>
        <ChevronIcon />
      </MenuButton>
      <MenuItems className="absolute left-0 z-40 mt-1 max-h-96 w-80 overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none">
        {accounts.map((a) => (
          <MenuItem key={a.customer_id} disabled={busy}>
            <button
              type="button"
              onClick={() => choose(a)}
              aria-current={a.customer_id === activeId ? "true" : undefined}
              className="block w-full px-4 py-2 text-left text-sm text-gray-900 data-focus:bg-primary-light aria-[current=true]:font-semibold"
            >
              {accountLabel(a)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

/** Where the search's list comes from (app/routes/account-list.ts). */
const ACCOUNT_LIST_PATH = "/accounts/list";

/**
 * The account list of the search, fetched when the customer first uses it (again after a failure). A
 * plain request, not a fetcher: a failure (offline, a session ended) says so in the list instead of
 * putting an error page in place of the page.
 */
function useAccountList() {
  const [list, setList] = useState<SwitcherAccount[] | "loading" | "failed">();
  const asked = useRef(false);
  const load = () => {
    if (asked.current) return;
    asked.current = true;
    setList("loading");
    fetch(ACCOUNT_LIST_PATH, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<AccountListAnswer>) : null))
      .catch(() => null)
      .then((answer) => {
        asked.current = Boolean(answer?.accounts);
        setList(answer?.accounts ?? "failed");
      });
  };
  return { accounts: Array.isArray(list) ? list : undefined, failed: list === "failed", load };
}

/** What the list says instead of accounts (loading, failed, no match): an option that cannot be chosen, so that the list is never empty. */
const NOTICE: SwitcherAccount = { customer_id: -1, contract_name: "" };
function PanelNotice({ text }: { text: string }) {
  return (
    <ComboboxOption value={NOTICE} disabled className="px-4 py-2 text-sm text-gray-700">
      {text}
    </ComboboxOption>
  );
}

export function AccountSearchWidget({ active, idPrefix }: SwitcherProps) {
  const { t } = useT();
  const choose = useChooseAccount(active?.customer_id);
  const [query, setQuery] = useState("");
  const list = useAccountList();
  const matches = useMemo(() => (list.accounts ?? []).filter((a) => matchesAccountQuery(a, query)), [list.accounts, query]);
  let panel: ReactNode;
  if (list.failed) panel = <PanelNotice text={t("switcher.loadFailed")} />;
  else if (!list.accounts) panel = <PanelNotice text={t("switcher.loading")} />;
  else if (matches.length === 0) panel = <PanelNotice text={t("switcher.noMatch")} />;
  else
    panel = matches.map((a) => (
      <ComboboxOption
        key={a.customer_id}
        value={a}
        className="cursor-pointer px-4 py-2 text-sm text-gray-900 data-focus:bg-primary-light data-selected:font-semibold"
      >
        {accountLabel(a)}
      </ComboboxOption>
    ));
  return (
    <Combobox value={active ?? null} by="customer_id" onChange={choose} onClose={() => setQuery("")}>
      <div className="relative">
        <label htmlFor={`${idPrefix}-account-combobox`} className="block text-xs font-medium text-gray-700">
          {t("switcher.searchLabel")}
        </label>
        <ComboboxInput
          id={`${idPrefix}-account-combobox`}
          className="h-8 w-72 rounded-md border border-gray-400 px-2 py-1 text-sm"
          displayValue={(a: SwitcherAccount | null) => (a ? accountLabel(a) : "")}
          placeholder={t("switcher.searchPlaceholder")}
          onFocus={list.load}
          onChange={(event) => {
            list.load();
            setQuery(event.target.value);
          }}
        />
        {/* Not modal: the page stays in the accessibility tree while the list is open. */}
        <ComboboxOptions
          modal={false}
          aria-busy={!list.accounts && !list.failed}
          className="absolute left-0 z-40 mt-1 max-h-80 w-80 overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg empty:invisible"
        >
          {panel}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}
