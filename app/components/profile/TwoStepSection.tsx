/**
 * The profile page's two-step verification card: whether it is on, since when, the recovery codes left,
 * and the ways to turn it on, make new codes or turn it off (each a page of its own).
 */
import { Link } from "react-router";
import { Card } from "~/components/Card";
import { actionLinkClass, secondaryLinkClass } from "~/components/PageHeader";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export interface TwoStepState {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

export function TwoStepSection({ state }: { state: TwoStepState }) {
  const { t, language } = useT("profile");
  return (
    <Card id="two-step-heading" title={t("twoStep.title")}>
      {state.enabled ? (
        <>
          <p className="text-sm text-gray-800" data-testid="two-step-status">
            {t("twoStep.on", { date: state.enabled_at ? formatDate(state.enabled_at, language) : "" })}
          </p>
          <p className="mt-2 text-sm text-gray-800">{t("twoStep.codesLeft", { count: state.recovery_codes_left })}</p>
          <p className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/profile-settings/two-step/recovery-codes" className={`${secondaryLinkClass} text-center`}>
              {t("twoStep.newCodes")}
            </Link>
            <Link to="/profile-settings/two-step/turn-off" className={`${secondaryLinkClass} text-center`}>
              {t("twoStep.turnOff")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-800" data-testid="two-step-status">
            {t("twoStep.off")}
          </p>
          <p className="mt-4">
            <Link to="/profile-settings/two-step" className={actionLinkClass}>
              {t("twoStep.turnOn")}
            </Link>
          </p>
        </>
      )}
    </Card>
  );
}
