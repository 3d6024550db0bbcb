/**
 * The home network as a map, drawn on the server as SVG (so it shows without JavaScript): each access
 * point with the devices attached to it hanging off a line left of their names; extenders joined to
 * the router. Disconnected devices are drawn dashed and named so in the text, never by colour alone.
 * It is drawn in two arrangements (app/components/wifi/network-map-layout.ts) and the width of the column it sits
 * in shows one (a container query): the access points side by side where they fit at full size, one
 * under the other on a phone. Never wider than the page.
 */
import type { AccessPoint } from "#contract/home-network";
import { networkMapLayout, type MapAccessPoint, type MapArrangement, type MapText } from "./network-map-layout";
import { useT } from "~/lib/use-t";

/**
 * From which width of its column the side-by-side arrangement shows, by number of access points (each
 * needs 260 px; written out so that Tailwind finds the classes). More than four: always one under the other.
 */
const COLUMNS_FROM: Record<number, { columns: string; stacked: string }> = {
  1: { columns: "hidden @xs:block", stacked: "@xs:hidden" },
  2: { columns: "hidden @xl:block", stacked: "@xl:hidden" },
  3: { columns: "hidden @3xl:block", stacked: "@3xl:hidden" },
  4: { columns: "hidden @5xl:block", stacked: "@5xl:hidden" },
};

export function NetworkMap({ accessPoints }: { accessPoints: AccessPoint[] }) {
  const { t } = useT("wifi");
  const devices = accessPoints.reduce((sum, ap) => sum + ap.devices.length, 0);
  const items: MapAccessPoint[] = accessPoints.map((ap) => ({
    key: ap.mac_address,
    name: ap.name,
    detail: `${t(`overview.roles.${ap.role}`)} · ${ap.online ? t("overview.online") : t("overview.offline")}`,
    role: ap.role,
    uplink: ap.uplink,
    online: ap.online,
    devices: ap.devices.map((device) => ({
      key: device.mac_address,
      name: device.name,
      detail: `${t(`connections.${device.connection}`)} · ${device.connected ? t("overview.connected") : t("overview.disconnected")}`,
      connected: device.connected,
    })),
  }));
  const map = { items, title: t("overview.mapTitle"), description: t("overview.mapDesc", { count: accessPoints.length, devices }) };
  const classes = COLUMNS_FROM[accessPoints.length];
  return (
    <div className="@container" data-testid="network-map">
      {classes ? (
        <div className={classes.columns}>
          <MapSvg arrangement="columns" {...map} />
        </div>
      ) : null}
      <div className={`max-w-[24rem] ${classes?.stacked ?? ""}`.trim()}>
        <MapSvg arrangement="stacked" {...map} />
      </div>
    </div>
  );
}

function Label({ label, fill }: { label: MapText; fill: string }) {
  return (
    <text
      x={label.x}
      y={label.y}
      fontSize={label.fontSize}
      fontWeight={label.weight >= 600 ? label.weight : undefined}
      textAnchor={label.anchor === "middle" ? "middle" : undefined}
      fill={fill}
    >
      {label.text}
    </text>
  );
}

function MapSvg({
  arrangement,
  items,
  title,
  description,
}: {
  arrangement: MapArrangement;
  items: MapAccessPoint[];
  title: string;
  description: string;
}) {
  const layout = networkMapLayout(items, arrangement);
  const id = `map-${arrangement}`;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      // The side-by-side map is drawn at its size (shown only where it fits); the stacked one fills a phone's width.
      // A width attribute, not a style one: the CSP refuses inline styles.
      width={arrangement === "columns" ? layout.width : undefined}
      className={arrangement === "columns" ? "block h-auto max-w-full" : "block h-auto w-full"}
      data-testid={`network-map-${arrangement}`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {layout.links.map((link) => (
        <polyline
          key={link.key}
          points={link.points.map(([x, y]) => `${x},${y}`).join(" ")}
          fill="none"
          stroke={link.kind === "uplink" ? "#4b5563" : "#9ca3af"}
          strokeWidth={link.kind === "uplink" ? 2 : 1.5}
          strokeDasharray={link.dashed ? (link.kind === "uplink" ? "6 4" : "4 4") : undefined}
          data-link={link.kind}
        />
      ))}
      {layout.boxes.map((b) => (
        <g key={b.key}>
          <rect
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            rx={8}
            fill={b.online ? "#ecfdf5" : "#f3f4f6"}
            stroke="#166534"
            strokeWidth={2}
          />
          <Label label={b.name} fill="#111827" />
          <Label label={b.detail} fill="#374151" />
        </g>
      ))}
      {layout.devices.map((d) => (
        <g key={d.key}>
          <circle
            cx={d.cx}
            cy={d.cy}
            r={d.r}
            fill={d.connected ? "#166534" : "#ffffff"}
            stroke={d.connected ? "#166534" : "#4b5563"}
            strokeWidth={2}
            strokeDasharray={d.connected ? undefined : "3 3"}
          />
          <Label label={d.name} fill="#111827" />
          <Label label={d.detail} fill="#374151" />
        </g>
      ))}
    </svg>
  );
}
