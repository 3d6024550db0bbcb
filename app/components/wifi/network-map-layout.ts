/**
 * Where everything of the home network map goes (app/components/wifi/NetworkMap.tsx), in two
 * arrangements: `columns` (each access point at the top of its column, its devices under it) for wide
 * columns of the page, and `stacked` (one access point after another) for phones. Each access point's
 * devices hang off a trunk line left of their dots, so no line ever crosses a name; extenders are
 * joined to the router by lines that run above the boxes (columns) or in the left margin (stacked).
 * Texts are cut to the room they have (chart-layout's estimates). Pure; tests/unit/chart-layout.test.ts.
 */
import { fitText } from "~/components/business/chart-layout";

export interface MapAccessPoint {
  key: string;
  /** The access point's name and its second line ("Router · online"), as the page writes them. */
  name: string;
  detail: string;
  role: "router" | "extender";
  uplink: "ethernet" | "wifi" | null;
  online: boolean;
  devices: MapDevice[];
}

export interface MapDevice {
  key: string;
  name: string;
  /** "WiFi 5 GHz · Connected". */
  detail: string;
  connected: boolean;
}

export interface MapText {
  x: number;
  y: number;
  text: string;
  fontSize: number;
  weight: number;
  anchor: "start" | "middle";
}

export interface MapLayout {
  width: number;
  height: number;
  boxes: { key: string; x: number; y: number; width: number; height: number; online: boolean; name: MapText; detail: MapText }[];
  devices: { key: string; cx: number; cy: number; r: number; connected: boolean; name: MapText; detail: MapText }[];
  /** Polylines: trunks and branches to devices, and uplinks of extenders to the router. */
  links: { key: string; points: [number, number][]; kind: "device" | "uplink"; dashed: boolean }[];
}

export type MapArrangement = "columns" | "stacked";

const NAME = { fontSize: 13, weight: 400 };
const DETAIL = { fontSize: 11, weight: 400 };
const BOX_NAME = { fontSize: 13, weight: 600 };
const BOX_HEIGHT = 50;
/** From one device's dot to the next. */
const ROW = 52;
const DOT = 9;
/** From the trunk to the dot's centre, and from the dot's centre to its texts. */
const BRANCH = 22;
const TEXT_OFFSET = 16;
/** Between lines of uplinks side by side. */
const LANE = 8;

/** The width of a column in the `columns` arrangement, and the width of the `stacked` one. */
export const MAP_COLUMN = 260;
export const MAP_STACKED_WIDTH = 300;

/** The map's layout in the given arrangement. */
export function networkMapLayout(accessPoints: MapAccessPoint[], arrangement: MapArrangement): MapLayout {
  return arrangement === "columns" ? columns(accessPoints) : stacked(accessPoints);
}

function text(
  x: number,
  y: number,
  value: string,
  maxWidth: number,
  style: { fontSize: number; weight: number },
  anchor: MapText["anchor"],
) {
  return { x, y, text: fitText(value, maxWidth, style.fontSize, style.weight), ...style, anchor };
}

/** The box of an access point with its two lines, centred. */
function box(ap: MapAccessPoint, x: number, y: number, width: number): MapLayout["boxes"][number] {
  const centre = x + width / 2;
  return {
    key: ap.key,
    x,
    y,
    width,
    height: BOX_HEIGHT,
    online: ap.online,
    name: text(centre, y + 21, ap.name, width - 16, BOX_NAME, "middle"),
    detail: text(centre, y + 38, ap.detail, width - 16, DETAIL, "middle"),
  };
}

/**
 * The devices of one access point under its box: a trunk straight down from the box's bottom at
 * `trunkX`, a branch right to each device's dot, the texts right of the dot up to `right`.
 */
function hang(layout: MapLayout, ap: MapAccessPoint, trunkX: number, top: number, right: number): number {
  const cx = trunkX + BRANCH;
  const textX = cx + TEXT_OFFSET;
  let cy = top + 34;
  for (const device of ap.devices) {
    layout.devices.push({
      key: device.key,
      cx,
      cy,
      r: DOT,
      connected: device.connected,
      name: text(textX, cy - 2, device.name, right - textX, NAME, "start"),
      detail: text(textX, cy + 14, device.detail, right - textX, DETAIL, "start"),
    });
    layout.links.push({
      key: `branch-${device.key}`,
      points: [
        [trunkX, cy],
        [cx - DOT, cy],
      ],
      kind: "device",
      dashed: !device.connected,
    });
    cy += ROW;
  }
  if (ap.devices.length) {
    layout.links.push({
      key: `trunk-${ap.key}`,
      points: [
        [trunkX, top],
        [trunkX, cy - ROW],
      ],
      kind: "device",
      dashed: false,
    });
  }
  // Where this access point's part ends: under its last device's second line.
  return ap.devices.length ? cy - ROW + 24 : top;
}

function columns(accessPoints: MapAccessPoint[]): MapLayout {
  const extenders = accessPoints.filter((ap) => ap.role === "extender");
  const router = accessPoints.findIndex((ap) => ap.role === "router");
  // Room above the boxes for one lane per extender's uplink.
  const boxTop = 8 + LANE * (router >= 0 ? extenders.length : 0);
  const layout: MapLayout = { width: MAP_COLUMN * Math.max(1, accessPoints.length), height: 0, boxes: [], devices: [], links: [] };
  const boxWidth = MAP_COLUMN - 60;
  let bottom = boxTop + BOX_HEIGHT;
  accessPoints.forEach((ap, i) => {
    const left = MAP_COLUMN * i;
    layout.boxes.push(box(ap, left + 30, boxTop, boxWidth));
    bottom = Math.max(bottom, hang(layout, ap, left + 44, boxTop + BOX_HEIGHT, left + MAP_COLUMN - 8));
  });
  if (router >= 0) {
    const centre = (i: number) => MAP_COLUMN * i + MAP_COLUMN / 2;
    let lane = 0;
    accessPoints.forEach((ap, i) => {
      if (ap.role !== "extender") return;
      // Up from the router's box, across in a lane of its own, down into the extender's box.
      const y = boxTop - LANE * (lane + 1) + 4;
      const from = centre(router) + (lane - (extenders.length - 1) / 2) * LANE * 2;
      layout.links.push({
        key: `uplink-${ap.key}`,
        points: [
          [from, boxTop],
          [from, y],
          [centre(i), y],
          [centre(i), boxTop],
        ],
        kind: "uplink",
        dashed: ap.uplink === "wifi",
      });
      lane += 1;
    });
  }
  layout.height = bottom + 8;
  return layout;
}

function stacked(accessPoints: MapAccessPoint[]): MapLayout {
  const width = MAP_STACKED_WIDTH;
  const router = accessPoints.findIndex((ap) => ap.role === "router");
  const extenders = router >= 0 ? accessPoints.filter((ap) => ap.role === "extender").length : 0;
  // A left margin with one lane per extender's uplink.
  const left = 4 + LANE * (extenders + 1) - (extenders ? 0 : LANE);
  const layout: MapLayout = { width, height: 0, boxes: [], devices: [], links: [] };
  const middles: number[] = [];
  let y = 4;
  for (const ap of accessPoints) {
    layout.boxes.push(box(ap, left, y, width - left - 4));
    middles.push(y + BOX_HEIGHT / 2);
    y = hang(layout, ap, left + 14, y + BOX_HEIGHT, width - 4) + 20;
  }
  if (router >= 0) {
    let lane = 0;
    accessPoints.forEach((ap, i) => {
      if (ap.role !== "extender") return;
      // Out of the router's box on its left, down the margin in a lane of its own, into the extender's box.
      const x = left - LANE * (lane + 1);
      const from = middles[router] + (lane - (extenders - 1) / 2) * 6;
      layout.links.push({
        key: `uplink-${ap.key}`,
        points: [
          [left, from],
          [x, from],
          [x, middles[i]],
          [left, middles[i]],
        ],
        kind: "uplink",
        dashed: ap.uplink === "wifi",
      });
      lane += 1;
    });
  }
  layout.height = y - 12;
  return layout;
}
