/** A thin bar at the top while a navigation takes longer than 200 ms (JavaScript only). */
import { useEffect, useState } from "react";
import { useT } from "~/lib/use-t";
import { useNavigation } from "react-router";

export const PROGRESS_DELAY_MS = 200;

export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const { t } = useT();

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);

  if (!visible || !busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("progress.loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 bg-primary-light"
      data-testid="progress-bar"
    >
      <div className="progress-bar h-full bg-primary" />
    </div>
  );
}
