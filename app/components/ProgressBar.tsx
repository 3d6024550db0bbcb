/**
 * A thin bar at the top while a navigation takes longer than 200 ms (JavaScript only). It appears inside
 * a polite live region that is always there, so screen readers hear "Loading" and the bar is never
 * content outside the page's landmarks (axe "region").
 */
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

  return (
    <div aria-live="polite" data-testid="progress-region">
      {visible && busy ? (
        <div
          role="progressbar"
          aria-label={t("progress.loading")}
          className="fixed inset-x-0 top-0 z-50 h-1 bg-primary-light"
          data-testid="progress-bar"
        >
          <div className="progress-bar h-full bg-primary" />
        </div>
      ) : null}
    </div>
  );
}
