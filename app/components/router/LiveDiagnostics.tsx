/**
 * Live diagnostics (GET /external_links/beanmachine): with JavaScript only, a panel that connects to
 * the diagnostics service's WebSocket and shows what it sends, or says plainly that it cannot connect.
 * Without JavaScript nothing is rendered and nothing else depends on it.
 */
import { useEffect, useRef, useState } from "react";
import { Card } from "~/components/Card";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";

type State = { kind: "idle" } | { kind: "connecting" } | { kind: "connected"; messages: string[] } | { kind: "failed" };

const CONNECT_TIMEOUT_MS = 8_000;
const KEEP_MESSAGES = 20;

export function LiveDiagnostics({ serviceId }: { serviceId: number }) {
  const hydrated = useHydrated();
  const { t } = useT("router");
  const [state, setState] = useState<State>({ kind: "idle" });
  const socket = useRef<WebSocket | null>(null);

  useEffect(() => () => socket.current?.close(), []);

  if (!hydrated) return null;

  const start = async () => {
    socket.current?.close();
    setState({ kind: "connecting" });
    try {
      const response = await fetch(`/internet/router/${serviceId}/diagnostics`, { headers: { Accept: "application/json" } });
      const { wsUrl } = (await response.json()) as { wsUrl?: string };
      if (!response.ok || !wsUrl) throw new Error("no diagnostics address");
      const ws = new WebSocket(wsUrl);
      socket.current = ws;
      const timer = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
      ws.onopen = () => {
        clearTimeout(timer);
        setState({ kind: "connected", messages: [] });
      };
      ws.onmessage = (event) =>
        setState((s) =>
          s.kind === "connected" ? { kind: "connected", messages: [String(event.data), ...s.messages].slice(0, KEEP_MESSAGES) } : s,
        );
      ws.onclose = () => {
        clearTimeout(timer);
        setState((s) => (s.kind === "connecting" ? { kind: "failed" } : s.kind === "connected" ? { kind: "idle" } : s));
      };
      ws.onerror = () => setState((s) => (s.kind === "connecting" ? { kind: "failed" } : s));
    } catch {
      setState({ kind: "failed" });
    }
  };
  const stop = () => {
    socket.current?.close();
    socket.current = null;
    setState({ kind: "idle" });
  };

  return (
    <Card id="live-diagnostics" title={t("diagnostics.title")}>
      <p className="mb-3 text-sm text-gray-700">{t("diagnostics.intro")}</p>
      <div role="status" className="mb-3">
        {state.kind === "connecting" ? <p>{t("diagnostics.connecting")}</p> : null}
        {state.kind === "connected" ? <p className="font-semibold text-success">{t("diagnostics.connected")}</p> : null}
        {state.kind === "failed" ? <p className="font-semibold text-error">{t("diagnostics.failed")}</p> : null}
      </div>
      {state.kind === "connected" && state.messages.length ? (
        <ul className="mb-3 max-h-48 overflow-y-auto font-mono text-sm" aria-label={t("diagnostics.messages")}>
          {state.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
      {state.kind === "connected" ? (
        <button
          type="button"
          onClick={stop}
          className="rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-gray-100"
        >
          {t("diagnostics.stop")}
        </button>
      ) : (
        <button
          type="button"
          onClick={start}
          disabled={state.kind === "connecting"}
          className="rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-70"
        >
          {state.kind === "failed" ? t("diagnostics.retry") : t("diagnostics.start")}
        </button>
      )}
    </Card>
  );
}
