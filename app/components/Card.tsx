import type { ReactNode } from "react";

/** A titled panel of a page; `className` adds to its own classes (the intro tour's outline). */
export function Card({
  title,
  id,
  children,
  actions,
  className,
}: {
  title: ReactNode;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-gray-200 bg-white p-5 shadow-sm ${className ?? ""}`.trim()}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Label / value pairs. */
export function Details({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {items.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="text-sm text-gray-700">{label}</dt>
          <dd className="font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
