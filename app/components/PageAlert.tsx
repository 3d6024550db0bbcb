/** An alert above a page's content (suspension, proof of payment, scheduled pause…). */
import type { ReactNode } from "react";

const tones = {
  error: "border-error bg-error-light text-error",
  warning: "border-warning bg-warning-light text-warning-dark",
  info: "border-info bg-info-light text-info",
  success: "border-success bg-success-light text-success",
} as const;

export function PageAlert({
  tone,
  title,
  children,
  testId,
}: {
  tone: keyof typeof tones;
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div role={tone === "error" ? "alert" : "status"} data-testid={testId} className={`rounded-md border-l-4 px-4 py-3 ${tones[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

export function PageAlerts({ children }: { children: ReactNode }) {
  return <div className="mb-6 space-y-3 empty:hidden">{children}</div>;
}
