/**
 * The home network as a map, drawn on the server as SVG (so it shows without JavaScript): each access
 * point at the top of its column, the devices attached to it under it, joined by lines; extenders are
 * joined to the router. Disconnected devices are drawn dashed and named so in the text, never by colour alone.
 */
import type { AccessPoint } from "../../../api/contract/home-network";
import { useT } from "~/lib/use-t";

const COLUMN = 250;
const ROW = 52;
const TOP = 70;

const cut = (text: string, max = 24) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function NetworkMap({ accessPoints }: { accessPoints: AccessPoint[] }) {
  const { t } = useT("wifi");
  const width = Math.max(COLUMN * accessPoints.length, 320);
  const rows = Math.max(1, ...accessPoints.map((ap) => ap.devices.length));
  const height = TOP + 60 + rows * ROW;
  const centre = (index: number) => COLUMN * index + COLUMN / 2;
  const router = accessPoints.findIndex((ap) => ap.role === "router");
  const devices = accessPoints.reduce((sum, ap) => sum + ap.devices.length, 0);
  return (
    <div className="overflow-x-auto" role="region" aria-labelledby="map-title" tabIndex={0}>
      <svg
        role="img"
        aria-labelledby="map-title map-desc"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="max-w-none"
        data-testid="network-map"
      >
        <title id="map-title">{t("overview.mapTitle")}</title>
        <desc id="map-desc">{t("overview.mapDesc", { count: accessPoints.length, devices })}</desc>
        {accessPoints.map((ap, i) =>
          ap.role === "extender" && router >= 0 ? (
            <line
              key={`up-${ap.mac_address}`}
              x1={centre(router)}
              y1={TOP - 30}
              x2={centre(i)}
              y2={TOP - 30}
              stroke="#4b5563"
              strokeWidth={2}
              strokeDasharray={ap.uplink === "wifi" ? "6 4" : undefined}
            />
          ) : null,
        )}
        {accessPoints.map((ap, i) => {
          const x = centre(i);
          return (
            <g key={ap.mac_address}>
              {ap.devices.map((device, j) => {
                const y = TOP + 60 + j * ROW;
                return (
                  <g key={device.mac_address}>
                    <line
                      x1={x}
                      y1={TOP}
                      x2={x - COLUMN / 2 + 24}
                      y2={y}
                      stroke="#9ca3af"
                      strokeWidth={1.5}
                      strokeDasharray={device.connected ? undefined : "4 4"}
                    />
                    <circle
                      cx={x - COLUMN / 2 + 24}
                      cy={y}
                      r={9}
                      fill={device.connected ? "#166534" : "#ffffff"}
                      stroke={device.connected ? "#166534" : "#4b5563"}
                      strokeWidth={2}
                      strokeDasharray={device.connected ? undefined : "3 3"}
                    />
                    <text x={x - COLUMN / 2 + 40} y={y - 2} fontSize="13" fill="#111827">
                      {cut(device.name)}
                    </text>
                    <text x={x - COLUMN / 2 + 40} y={y + 14} fontSize="11" fill="#374151">
                      {cut(
                        `${t(`connections.${device.connection}`)} · ${device.connected ? t("overview.connected") : t("overview.disconnected")}`,
                        34,
                      )}
                    </text>
                  </g>
                );
              })}
              <rect
                x={x - 90}
                y={TOP - 50}
                width={180}
                height={50}
                rx={8}
                fill={ap.online ? "#ecfdf5" : "#f3f4f6"}
                stroke="#166534"
                strokeWidth={2}
              />
              <text x={x} y={TOP - 30} fontSize="13" fontWeight="600" textAnchor="middle" fill="#111827">
                {cut(ap.name, 22)}
              </text>
              <text x={x} y={TOP - 12} fontSize="11" textAnchor="middle" fill="#374151">
                {`${t(`overview.roles.${ap.role}`)} · ${ap.online ? t("overview.online") : t("overview.offline")}`}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
