/**
 * The scale seed: a provider's worth of generated customers on top of the demo seed (`npm run db:seed --
 * --customers N [--seed S]`), to measure the portal and the API on realistic volumes.
 *
 * - 95 % of the accounts are residential: one person each (`r{k}@scale.example`, k = 1…residential),
 *   every 50th also a contact of the next account (two accounts, the account menu); one or two packages
 *   of internet, TV and home phone, a router with WiFi, devices, DHCP leases and rules, set-top boxes;
 *   two years of bills (fewer for newer customers) and the payments that settled them, some by card or
 *   pre-authorized debit autopay; a bill not paid yet on about a third, past-due ones, a few accounts
 *   suspended for non-payment, pauses, preferences, tickets (every third with a file) and referral codes.
 * - 5 % are commercial accounts, grouped under business contacts (`b{j}@scale.example`): b1 holds 300
 *   accounts (fewer on a small seed), the others from 1 to 300, most a handful. Dedicated internet with
 *   endpoints, IP blocks, alerts and 60 days of hourly bandwidth; colocation cabinets with power samples;
 *   voice, wavelength and dark fibre; monthly bills; tickets.
 *
 * Every generated user signs in with the demo password (its hash is computed once, by the demo seed, and
 * reused). The same seed number and seed day give the same rows; each customer draws from a random
 * source of its own (seed, number), so customer k is the same whatever N. Generated ids start at
 * 1,000,001 (the demo's are below), and the tables' sequences are moved past them at the end.
 *
 * Rows are written with COPY, a few thousand customers at a time, the next slice generated while the
 * database writes the last; the hourly samples are generated in SQL. Nothing of the schema is changed.
 */
import { createHash } from "node:crypto";
import type { Db } from "../client.ts";
import { DEMO_PDF, SAMPLE_DAYS, sampleBandwidth } from "./business-network.ts";
import { DEMO_PASSWORD } from "./core.ts";
import { addDays, addMonths, dayAt, daysBetween, parseDay } from "#common/calendar";
import { seededRandom, type Random } from "./tools.ts";

export const SCALE = {
  /** First generated id of every table with a numeric key: the demo's ids are all below. */
  firstId: 1_000_001,
  /** Share of residential accounts. */
  residentialShare: 0.95,
  /** The most accounts of one business contact (b1 has this many when there are enough). */
  maxBusinessAccounts: 300,
  password: DEMO_PASSWORD,
  residentialUsername: (k: number) => `r${k}@scale.example`,
  businessUsername: (j: number) => `b${j}@scale.example`,
} as const;

export interface ScaleOptions {
  customers: number;
  seed: number;
  /** The seed day, YYYY-MM-DD (the demo seed's day). */
  today: string;
  /** Customers generated and written at a time. */
  batch?: number;
  /** Told after every batch and step. */
  progress?: (message: string) => void;
}

export interface ScaleSummary {
  customers: number;
  residential: number;
  commercial: number;
  businessContacts: number;
  seed: number;
}

/** How many residential and commercial accounts N customers make, and how the latter are grouped. */
export function scaleLayout(customers: number, seed: number) {
  const commercial = Math.round(customers * (1 - SCALE.residentialShare));
  const residential = customers - commercial;
  // Accounts per business contact: most a handful, a few hundreds; the first one the most.
  const random = seededRandom(mix(seed, 0x0b0b));
  const groups: number[] = [];
  let left = commercial;
  while (left > 0) {
    let size: number;
    if (groups.length === 0) size = SCALE.maxBusinessAccounts;
    else {
      const r = random.next();
      size =
        r < 0.55 ? 1 : r < 0.8 ? random.int(2, 4) : r < 0.93 ? random.int(5, 20) : r < 0.985 ? random.int(21, 100) : random.int(101, 300);
    }
    size = Math.min(size, left);
    groups.push(size);
    left -= size;
  }
  return { residential, commercial, groups };
}

/** A 32-bit mix of two numbers (the random source of one customer). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------------
// The tables written, in the order their references need, and their columns.

const TABLES = {
  users: [
    "id",
    "username",
    "password_hash",
    "first_name",
    "last_name",
    "phone",
    "preferred_language",
    "tour_ended_at",
    "tour_skipped",
    "created_at",
  ],
  auth_sessions: ["id", "user_id", "refresh_token_hash", "created_at", "expires_at", "revoked_at"],
  account_tokens: ["user_id", "purpose", "token_hash", "created_at", "expires_at", "used_at"],
  customers: [
    "id",
    "contract_name",
    "account_number",
    "is_residential",
    "is_billing_authoritative",
    "credit_card_allowed",
    "address_line1",
    "address_line2",
    "city",
    "postal_code",
    "suspended_for_nonpayment",
    "customer_since",
    "billing_day",
    "sales_rep_id",
    "success_advocate_id",
  ],
  contacts: [
    "id",
    "customer_id",
    "user_id",
    "first_name",
    "last_name",
    "email",
    "phone",
    "status",
    "roles",
    "used_for_tv_go",
    "created_at",
  ],
  packages: [
    "id",
    "customer_id",
    "name",
    "name_fr",
    "status",
    "monthly_price_cents",
    "address_line1",
    "address_line2",
    "city",
    "postal_code",
  ],
  services: [
    "id",
    "customer_id",
    "package_id",
    "category",
    "name",
    "name_fr",
    "status",
    "platform_id",
    "address_line1",
    "address_line2",
    "city",
    "province",
    "postal_code",
    "details",
    "activated_on",
  ],
  wifi_networks: ["service_id", "band", "ssid", "password", "enabled", "security_mode", "auto_channel", "channel", "channel_width_mhz"],
  routers: [
    "service_id",
    "vendor",
    "model",
    "generation",
    "hardware_version",
    "firmware_version",
    "serial_number",
    "mac_address",
    "wan_ipv4",
    "wan_ipv6_prefix",
    "wan_dns",
    "last_boot_at",
    "offline_since",
    "lan_ip",
    "subnet_mask",
    "dhcp_start",
    "dhcp_end",
    "lease_time_seconds",
    "leases_read_at",
  ],
  router_interface_counters: [
    "service_id",
    "interface",
    "received_bytes",
    "sent_bytes",
    "received_packets",
    "sent_packets",
    "errors",
    "link_rate_mbps",
  ],
  network_access_points: ["id", "service_id", "mac_address", "name", "model", "role", "ip_address", "uplink", "first_seen_at"],
  network_devices: [
    "service_id",
    "access_point_id",
    "mac_address",
    "name",
    "hostname",
    "device_type",
    "connection",
    "signal_dbm",
    "connected_since",
    "disconnected_at",
    "received_bytes",
    "sent_bytes",
  ],
  dhcp_leases: ["service_id", "mac_address", "hostname", "ip_address", "state", "granted_at", "expires_at"],
  dhcp_reservations: ["service_id", "mac_address", "ip_address", "hostname", "created_at"],
  port_forwarding_rules: [
    "service_id",
    "description",
    "protocol",
    "start_port",
    "end_port",
    "destination_address",
    "destination_port",
    "enabled",
    "created_at",
    "updated_at",
  ],
  upnp_mappings: [
    "service_id",
    "description",
    "protocol",
    "external_port",
    "internal_address",
    "internal_port",
    "lease_seconds",
    "created_at",
  ],
  tv_services: ["service_id", "lineup_code", "tv_go_included", "tv_go_max_streams"],
  tv_service_theme_packs: ["service_id", "pack_code", "added_on"],
  set_top_boxes: ["service_id", "serial_number", "model", "room", "mac_address", "status", "activated_on"],
  invoices: ["id", "customer_id", "invoice_number", "issued_on", "due_on", "period_start", "period_end", "total_cents"],
  invoice_lines: ["invoice_id", "description", "description_fr", "amount_cents", "kind"],
  payments: [
    "customer_id",
    "paid_at",
    "amount_cents",
    "method",
    "type",
    "status",
    "transaction_id",
    "card_brand",
    "card_last4",
    "made_by_user_id",
  ],
  autopay_cards: [
    "customer_id",
    "status",
    "card_brand",
    "card_last4",
    "expiry_month",
    "expiry_year",
    "cardholder_name",
    "processor_token",
    "set_up_at",
    "set_up_by",
    "stopped_at",
  ],
  autopay_pads: [
    "customer_id",
    "status",
    "institution_number",
    "transit_number",
    "account_last4",
    "account_holder",
    "branch_address",
    "processor_token",
    "agreement_accepted_at",
    "accepted_by",
    "active_from",
  ],
  account_preferences: ["customer_id", "paperless_billing", "correspondence_language", "updated_at", "updated_by"],
  service_pauses: ["customer_id", "package_id", "starts_on", "ends_on", "status", "created_at", "requested_by"],
  package_suspensions: ["customer_id", "package_id", "reason", "started_at"],
  support_tickets: [
    "id",
    "customer_id",
    "service_id",
    "opened_by",
    "category",
    "subject",
    "description",
    "status",
    "created_at",
    "updated_at",
    "closed_at",
  ],
  support_ticket_updates: ["id", "ticket_id", "created_at", "author_kind", "author_name", "author_user_id", "body"],
  uploaded_files: [
    "id",
    "customer_id",
    "purpose",
    "file_name",
    "media_type",
    "size_bytes",
    "content",
    "sha256",
    "uploaded_by",
    "created_at",
  ],
  // A file of the opening message (docs/decisions/186-ticket-messages-authors-and-files.md).
  support_ticket_attachments: ["ticket_id", "file_id", "update_id"],
  referral_codes: ["customer_id", "code", "created_at"],
  network_endpoints: [
    "service_id",
    "circuit_id",
    "access_device",
    "port",
    "handoff",
    "speed_mbps",
    "vlan_id",
    "label",
    "alert_emails",
    "notify_contact_id",
  ],
  ip_blocks: ["service_id", "network", "description", "assigned_on"],
  endpoint_alerts: ["service_id", "occurred_at", "access_device", "port", "event", "status"],
  cabinets: ["service_id", "cabinet_ref", "facility", "cage", "rack_units"],
  cabinet_circuits: ["id", "service_id", "name", "voltage", "breaker_amps"],
} as const satisfies Record<string, readonly string[]>;

type Table = keyof typeof TABLES;
type Value = string | number | boolean | null | undefined | Date | readonly string[];

/** One value in COPY's text format. */
function text(value: Value): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "string") return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  return `{${value.map((item) => `"${item.replace(/["\\]/g, "\\$&")}"`).join(",")}}`.replace(/\\/g, "\\\\");
}
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

const PIECE = 1 << 20;

/**
 * The rows of one batch, by table, as COPY text written into buffers of 1 MB (one COPY message each).
 * Each line is a short-lived string: keeping them as strings until the batch is written costs more in
 * garbage collection than making them.
 */
class Batch {
  readonly lines = new Map<Table, Buffer[]>();
  private used = new Map<Table, number>();
  rows = 0;
  add(table: Table, values: Value[]) {
    let line = text(values[0]);
    for (let i = 1; i < values.length; i++) line += "\t" + text(values[i]);
    line += "\n";
    let pieces = this.lines.get(table);
    let used = this.used.get(table) ?? 0;
    if (!pieces) this.lines.set(table, (pieces = [Buffer.allocUnsafe(PIECE)]));
    // A line is at most a few hundred bytes, and at most 3 bytes a character in UTF-8.
    if (used + line.length * 3 > PIECE) {
      pieces[pieces.length - 1] = pieces[pieces.length - 1].subarray(0, used);
      pieces.push(Buffer.allocUnsafe(PIECE));
      used = 0;
    }
    used += pieces[pieces.length - 1].write(line, used);
    this.used.set(table, used);
    this.rows++;
  }
  /** The COPY text of a table, ready to send. */
  pieces(table: Table): Buffer[] {
    const pieces = this.lines.get(table);
    if (!pieces) return [];
    pieces[pieces.length - 1] = pieces[pieces.length - 1].subarray(0, this.used.get(table));
    return pieces;
  }
}

// ---------------------------------------------------------------------------------------------------
// Words the generated rows are made of.

const FIRST_NAMES = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Chloé",
  "Lucas",
  "Aisha",
  "Mohammed",
  "Mei",
  "Wei",
  "Priya",
  "Arjun",
  "Sofia",
  "Mateo",
  "Zoe",
  "Ethan",
  "Fatima",
  "Omar",
  "Hana",
  "Kenji",
  "Gabriel",
  "Léa",
  "Jacob",
  "Ava",
  "Daniel",
  "Nora",
  "Samuel",
  "Isabelle",
  "Raj",
  "Anika",
  "Diego",
  "Lucia",
  "Kwame",
  "Amara",
  "Elijah",
  "Grace",
  "Tariq",
  "Leila",
  "Benjamin",
  "Charlotte",
  "Hiroshi",
  "Yuki",
  "Mathieu",
  "Camille",
  "Victor",
  "Ingrid",
  "Pavel",
  "Marta",
  "Connor",
  "Siobhan",
];
const LAST_NAMES = [
  "Smith",
  "Tremblay",
  "Nguyen",
  "Patel",
  "Li",
  "Wang",
  "Brown",
  "Gagnon",
  "Singh",
  "Kim",
  "Martin",
  "Roy",
  "Wilson",
  "Chen",
  "Côté",
  "Khan",
  "Ali",
  "Taylor",
  "Bouchard",
  "Lee",
  "Morrison",
  "Gauthier",
  "Rossi",
  "Silva",
  "Okafor",
  "Mensah",
  "Haddad",
  "Nakamura",
  "Kowalski",
  "Novak",
  "Ferreira",
  "Murphy",
  "O'Brien",
  "Campbell",
  "Fraser",
  "Leblanc",
  "Pelletier",
  "Ahmed",
  "Hussain",
  "Cohen",
  "Levy",
  "Dubois",
  "Lavoie",
  "Fortin",
  "Morin",
  "Girard",
  "Bergeron",
  "Sato",
  "Park",
  "Jones",
];
/** Streets and the first three characters of their postal codes. */
const STREETS: [string, string][] = [
  ["Queen Street East", "M4M"],
  ["Queen Street West", "M6J"],
  ["King Street West", "M5V"],
  ["Dundas Street West", "M6P"],
  ["College Street", "M6G"],
  ["Bloor Street West", "M6H"],
  ["Danforth Avenue", "M4J"],
  ["Gerrard Street East", "M4L"],
  ["Broadview Avenue", "M4K"],
  ["Carlaw Avenue", "M4M"],
  ["Pape Avenue", "M4K"],
  ["Jarvis Street", "M5B"],
  ["Yonge Street", "M4S"],
  ["Avenue Road", "M5R"],
  ["Spadina Avenue", "M5T"],
  ["Bathurst Street", "M5S"],
  ["Ossington Avenue", "M6J"],
  ["Roncesvalles Avenue", "M6R"],
  ["Eglinton Avenue West", "M6C"],
  ["St. Clair Avenue West", "M6E"],
  ["Kingston Road", "M1N"],
  ["Lawrence Avenue East", "M1P"],
  ["Sheppard Avenue East", "M2N"],
  ["Finch Avenue West", "M3N"],
  ["Lake Shore Boulevard West", "M8V"],
  ["The Queensway", "M8Y"],
  ["Weston Road", "M9N"],
  ["Kipling Avenue", "M9B"],
  ["Leslie Street", "M4M"],
  ["Mount Pleasant Road", "M4P"],
];
const COMPANY_WORDS = [
  "Harbour",
  "Lakeview",
  "Maple",
  "Northern",
  "Summit",
  "Union",
  "Beacon",
  "Crescent",
  "Don Valley",
  "Riverdale",
  "Junction",
  "Distillery",
  "Liberty",
  "Parkdale",
  "Annex",
  "Yorkville",
  "Leaside",
  "Humber",
  "Rouge",
  "Bayview",
];
const COMPANY_KINDS = [
  "Logistics Inc.",
  "Dental Group",
  "Studios",
  "Manufacturing Ltd.",
  "Architects",
  "Health Centre",
  "Wealth Partners",
  "Cold Storage",
  "Bakery Co-op",
  "Data Works",
  "Language School",
  "Events",
  "Law LLP",
  "Engineering",
  "Clinic",
  "Media",
];
const LETTERS = "ABCEGHJKLMNPRSTVWXYZ";
const OUIS = [
  "F0:99:B6",
  "A4:83:E7",
  "58:24:29",
  "18:B4:30",
  "9C:76:13",
  "00:11:32",
  "7C:ED:8D",
  "D0:C2:4E",
  "BC:D0:74",
  "30:05:5C",
  "64:B5:C6",
];
const DEVICE_KINDS: [string, string, string][] = [
  ["phone", "iPhone", "iPhone"],
  ["phone", "Pixel", "Pixel"],
  ["phone", "Galaxy", "Galaxy"],
  ["computer", "MacBook", "MacBook-Air"],
  ["computer", "Laptop", "LAPTOP"],
  ["tablet", "iPad", "iPad"],
  ["tv", "Smart TV", "smart-tv"],
  ["game_console", "PlayStation", "PS5"],
  ["smart_home", "Thermostat", "thermostat"],
  ["smart_home", "Doorbell", "doorbell"],
  ["printer", "Printer", "printer"],
  ["storage", "NAS", "nas"],
  ["other", "Device", null as unknown as string],
];

interface Plan {
  name: string;
  name_fr: string;
  price: number;
  mbps: number;
  tv?: "essentials" | "family";
  phone?: boolean;
  outAndAbout?: boolean;
}
const PLANS: [number, Plan][] = [
  [22, { name: "Internet Only", name_fr: "Internet seulement", price: 7_500, mbps: 300 }],
  [14, { name: "Internet Gigabit", name_fr: "Internet gigabit", price: 9_500, mbps: 1_000 }],
  [10, { name: "Internet Basic", name_fr: "Internet de base", price: 5_500, mbps: 150 }],
  [20, { name: "Internet + TV", name_fr: "Internet + Télé", price: 11_000, mbps: 500, tv: "family" }],
  [14, { name: "Internet + Phone", name_fr: "Internet + Téléphone", price: 9_000, mbps: 150, phone: true }],
  [
    20,
    {
      name: "Home Complete",
      name_fr: "Maison complète",
      price: 14_500,
      mbps: 1_000,
      tv: "essentials",
      phone: true,
      outAndAbout: true,
    },
  ],
];
const THEME_PACKS = ["sports_extra", "cinema", "kids_plus", "world"];
const COMMERCIAL_SERVICES: [number, string, string, string, string][] = [
  [30, "dedicated_internet", "Dedicated Internet 1 Gbps", "Internet dédié 1 Gbit/s", "DIA"],
  [10, "dedicated_internet", "Dedicated Internet 10 Gbps", "Internet dédié 10 Gbit/s", "DIA"],
  [20, "voice", "SIP Trunk 23 channels", "Jonction SIP 23 canaux", "SIP"],
  [10, "wavelength", "Wavelength 10G", "Longueur d’onde 10G", "WAV"],
  [10, "dark_fibre", "Dark Fibre pair", "Paire de fibre noire", "DF"],
  [20, "colocation", "Cabinet 42U", "Armoire 42U", "COL"],
];
const TICKETS: [string, string, string][] = [
  ["internet", "Internet slower in the evening", "Speed tests show about half of my plan's speed after 8 pm."],
  ["wifi", "WiFi does not reach the bedroom", "The 5 GHz network drops at the back of the house. Would an extender help?"],
  ["billing", "Question about my last bill", "My last invoice is higher than usual. Can you explain the difference?"],
  ["tv", "Channel missing from my line-up", "A channel I watch every day disappeared after the last update."],
  ["home_phone", "No dial tone", "The home phone has no dial tone since this morning."],
  ["moving", "Moving next month", "We move next month. Can the service move with us on the same day?"],
  ["account", "Update the name on the account", "Please add my partner as a contact on the account."],
];
const BUSINESS_TICKETS: [string, string, string][] = [
  ["outage", "Packet loss on the circuit", "We see packet loss towards several cloud providers since this morning."],
  ["network_change", "Add a VLAN to the hand-off", "Please add VLAN 230 to our hand-off for the new guest network."],
  ["ip_addressing", "Additional IPv4 block", "We need a second /29 for the new web servers."],
  ["billing", "PO number on invoices", "Please print our purchase order number on the next invoices."],
  ["voice", "Caller ID shows the wrong name", "Outbound calls show our old company name."],
];
const TICKET_STATUSES: [number, string][] = [
  [15, "open"],
  [15, "in_progress"],
  [10, "waiting_on_customer"],
  [25, "resolved"],
  [35, "closed"],
];
/** Agents sign their messages with their first name. */
const AGENTS = ["Alex", "Jasmine", "Omar", "Chantal"];

function weighted<T>(random: Random, items: readonly (readonly [number, T])[]): T {
  let total = 0;
  for (const [w] of items) total += w;
  let r = random.next() * total;
  for (const [w, item] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][1];
}

const hex2 = (n: number) => (n & 0xff).toString(16).toUpperCase().padStart(2, "0");
const mac = (prefix: string, n: number) => `${prefix}:${hex2(n >> 16)}:${hex2(n >> 8)}:${hex2(n)}`;
const ipv4 = (n: number) => `${(n >>> 24) & 0xff}.${(n >>> 16) & 0xff}.${(n >>> 8) & 0xff}.${n & 0xff}`;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------------

/** Dates of the seed day's calendar, computed once each. */
class Calendar {
  readonly today: string;
  readonly todayMs: number;
  /** The moment the generated data is "now": 15:00 UTC on the seed day, as the demo's. */
  readonly moment: number;
  private days = new Map<number, string>();
  /** For each billing day, the last 25 issue dates, oldest first (the last on or before today), and the next one. */
  readonly issues: { dates: string[]; next: string }[] = [];

  constructor(today: string) {
    this.today = today;
    this.todayMs = parseDay(today).getTime();
    this.moment = this.todayMs + 15 * HOUR_MS;
    for (let d = 1; d <= 28; d++) {
      let latest = addMonths(today, 0, d);
      if (latest > today) latest = addMonths(today, -1, d);
      const dates: string[] = [];
      for (let m = 24; m >= 0; m--) dates.push(addMonths(latest, -m, d));
      this.issues[d] = { dates, next: addMonths(latest, 1, d) };
    }
  }
  /** The day `offset` days from the seed day. */
  day(offset: number): string {
    let value = this.days.get(offset);
    if (value === undefined) this.days.set(offset, (value = addDays(this.today, offset)));
    return value;
  }
  /** The day `offset` days from `iso`. */
  from(iso: string, offset: number): string {
    return this.day(daysBetween(this.today, iso) + offset);
  }
  ms(iso: string): number {
    return parseDay(iso).getTime();
  }
}

/** The running ids of the tables whose rows others point to. */
class Ids {
  user = SCALE.firstId;
  contact = SCALE.firstId;
  package = SCALE.firstId;
  service = SCALE.firstId;
  accessPoint = SCALE.firstId;
  invoice = SCALE.firstId;
  ticket = SCALE.firstId;
  file = SCALE.firstId;
  ticketUpdate = SCALE.firstId;
  circuit = SCALE.firstId;
  setTopBox = 1;
  endpoint = 0;
}

interface Person {
  first: string;
  last: string;
  phone: string;
  language: "en" | "fr";
}

function person(random: Random): Person {
  return {
    first: random.pick(FIRST_NAMES),
    last: random.pick(LAST_NAMES),
    phone: `${random.pick(["416", "647", "437"])}-555-${String(random.int(0, 9999)).padStart(4, "0")}`,
    language: random.next() < 0.12 ? "fr" : "en",
  };
}

function address(random: Random): [string, string | null, string, string] {
  const [street, fsa] = random.pick(STREETS);
  const unit = random.next() < 0.35 ? `Unit ${random.int(1, 40) * (random.next() < 0.5 ? 1 : 100) + random.int(0, 9)}` : null;
  const postal = `${fsa} ${random.int(1, 9)}${LETTERS[random.int(0, LETTERS.length - 1)]}${random.int(0, 9)}`;
  return [`${random.int(2, 2400)} ${street}`, unit, "Toronto", postal];
}

const emailOf = (p: Person, domain: string) =>
  `${p.first}.${p.last}@${domain}`
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f']/g, "");

// ---------------------------------------------------------------------------------------------------

interface Generator {
  cal: Calendar;
  ids: Ids;
  passwordHash: string;
  seed: number;
  layout: ReturnType<typeof scaleLayout>;
}

/** Bills of an account since it became a customer (at most two years), and the payments that settled them. */
function bills(
  g: Generator,
  out: Batch,
  random: Random,
  account: {
    id: number;
    billingDay: number;
    since: string;
    monthly: number;
    /** Bills left unpaid from the most recent: the open one is unpaid whatever this says when not due yet. */
    unpaid: number;
    methods: readonly string[];
    autopay: "credit_card" | "pad" | null;
    userId: number | null;
    commercial: boolean;
  },
) {
  const { cal } = g;
  const { dates, next } = cal.issues[account.billingDay];
  const yesterday = cal.day(-1);
  let tx = 0;
  const first = dates.findIndex((date) => date >= account.since);
  if (first < 0) return { owing: 0 };
  let owing = 0;
  for (let m = first; m < dates.length; m++) {
    const issued = dates[m];
    const fromLatest = dates.length - 1 - m;
    const invoiceId = g.ids.invoice++;
    const extra = !account.commercial && random.next() < 0.1 ? 1_299 : 0;
    const credit = random.next() < 0.02 ? -1_000 : 0;
    const subtotal = account.monthly + extra + credit;
    const tax = Math.round(subtotal * 0.13);
    const total = subtotal + tax;
    out.add("invoices", [
      invoiceId,
      account.id,
      `INV-${account.id}-${issued.slice(0, 4)}${issued.slice(5, 7)}`,
      issued,
      cal.from(issued, 21),
      issued,
      cal.from(m + 1 < dates.length ? dates[m + 1] : next, -1),
      total,
    ]);
    out.add("invoice_lines", [invoiceId, "Monthly services", "Services mensuels", account.monthly, "charge"]);
    if (extra) out.add("invoice_lines", [invoiceId, "Pay-per-view movie rental", "Location de film à la carte", extra, "charge"]);
    if (credit) out.add("invoice_lines", [invoiceId, "Service credit", "Crédit de service", credit, "credit"]);
    out.add("invoice_lines", [invoiceId, "HST (13%)", "TVH (13 %)", tax, "tax"]);

    // Paid 3 to 18 days after the bill (autopay on the fifth), never after yesterday: a later one is still to pay.
    const payDay = cal.from(issued, account.autopay ? 5 : random.int(3, 18));
    if (fromLatest < account.unpaid || payDay > yesterday) {
      owing += total;
      continue;
    }
    const method = account.autopay ?? random.pick(account.methods);
    const card = method === "credit_card";
    const paidAt = cal.ms(payDay) + (card ? 14 : 15) * HOUR_MS + random.int(0, 59) * 60_000;
    if (random.next() < 0.03) {
      out.add("payments", [
        account.id,
        new Date(paidAt - DAY_MS),
        total,
        method === "cheque" ? "bank" : method,
        account.autopay ? "autopay" : "one_time",
        "declined",
        `TXG-${account.id}-${++tx}`,
        card ? "visa" : null,
        card ? "0002" : null,
        account.autopay ? null : account.userId,
      ]);
    }
    out.add("payments", [
      account.id,
      new Date(paidAt),
      total,
      method,
      account.autopay ? "autopay" : "one_time",
      "successful",
      `TXG-${account.id}-${++tx}`,
      card ? random.pick(["visa", "mastercard", "visa", "amex"]) : null,
      card ? String(random.int(0, 9999)).padStart(4, "0") : null,
      account.autopay || account.commercial ? null : account.userId,
    ]);
  }
  // An open bill sometimes has a payment on its way: made in the last day, still settling.
  if (owing > 0 && random.next() < 0.04) {
    out.add("payments", [
      account.id,
      new Date(cal.moment - random.int(1, 20) * HOUR_MS),
      owing,
      "bank",
      "one_time",
      "pending",
      `TXG-${account.id}-${++tx}`,
      null,
      null,
      account.userId,
    ]);
  }
  return { owing };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * What signing in leaves behind: sessions of the last two months (live, signed out, expired), and for a
 * few people a password recovery link, mostly used. The API finds them by their hashes; the planner
 * sees a provider's numbers of them.
 */
function signInHistory(g: Generator, out: Batch, random: Random, userId: number) {
  const { cal } = g;
  const sessions = random.next() < 0.4 ? random.int(1, 3) : 0;
  for (let n = 0; n < sessions; n++) {
    const created = cal.moment - random.int(10, 60 * 24 * 60) * 60_000;
    // A UUID of its own (ids must not repeat: one customer's random source may run into another's).
    const id = sha256(`scale-session-id-${userId}-${n}`);
    out.add("auth_sessions", [
      `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`,
      userId,
      sha256(`scale-session-${userId}-${n}`),
      new Date(created),
      new Date(created + 30 * DAY_MS),
      random.next() < 0.3 ? new Date(created + random.int(5, 600) * 60_000) : null,
    ]);
  }
  if (random.next() < 0.02) {
    const created = cal.moment - random.int(1, 365) * DAY_MS;
    out.add("account_tokens", [
      userId,
      "password_recovery",
      sha256(`scale-recovery-${userId}`),
      new Date(created),
      new Date(created + HOUR_MS),
      random.next() < 0.8 ? new Date(created + random.int(2, 50) * 60_000) : null,
    ]);
  }
}

function residentialCustomer(g: Generator, out: Batch, k: number) {
  const { cal, ids } = g;
  const random = seededRandom(mix(g.seed, k));
  const customerId = SCALE.firstId + k - 1;
  const userId = SCALE.firstId + k - 1;
  const who = person(random);
  const home = address(random);
  // Customers since 1 to 12 years, a sixth of them within the last two years.
  const sinceDays = random.next() < 0.17 ? random.int(20, 730) : random.int(731, 4_400);
  const since = cal.day(-sinceDays);
  const billingDay = random.int(1, 28);
  const suspended = random.next() < 0.008;
  const createdAt = new Date(cal.ms(since) + random.int(9, 20) * HOUR_MS);

  out.add("users", [
    userId,
    SCALE.residentialUsername(k),
    g.passwordHash,
    who.first,
    who.last,
    who.phone,
    who.language,
    random.next() < 0.85 ? new Date(createdAt.getTime() + DAY_MS) : null,
    null,
    createdAt,
  ]);
  signInHistory(g, out, random, userId);
  out.add("customers", [
    customerId,
    `${who.first} ${who.last}`,
    `LF-${customerId}`,
    true,
    true,
    true,
    home[0],
    home[1],
    home[2],
    home[3],
    suspended,
    since,
    billingDay,
    null,
    null,
  ]);
  const primaryContact = ids.contact++;
  out.add("contacts", [
    primaryContact,
    customerId,
    userId,
    who.first,
    who.last,
    SCALE.residentialUsername(k),
    who.phone,
    "activated",
    ["authoritative", "billing", "support"],
    false,
    createdAt,
  ]);
  // Every 50th person also holds the next account (a parent's, a second home).
  if (k > 1 && (k - 1) % 50 === 0) {
    const other = seededRandom(mix(g.seed, k - 1));
    const them = person(other);
    out.add("contacts", [
      ids.contact++,
      customerId,
      userId - 1,
      them.first,
      them.last,
      SCALE.residentialUsername(k - 1),
      them.phone,
      "activated",
      ["authoritative", "billing", "support"],
      false,
      createdAt,
    ]);
  }
  if (random.next() < 0.3) {
    const partner = { ...person(random), last: who.last };
    const activated = random.next() < 0.5;
    out.add("contacts", [
      ids.contact++,
      customerId,
      null,
      partner.first,
      partner.last,
      emailOf(partner, "mail.example"),
      partner.phone,
      activated ? "activated" : "pending_activation",
      activated ? ["billing", "support"] : ["support"],
      activated && random.next() < 0.3,
      new Date(createdAt.getTime() + random.int(1, 300) * DAY_MS),
    ]);
  }

  // Packages: one, a second at another address for some.
  const packageCount = random.next() < 0.08 ? 2 : 1;
  let monthly = 0;
  const packageIds: number[] = [];
  let internetService = 0;
  for (let p = 0; p < packageCount; p++) {
    const plan = p === 0 ? weighted(random, PLANS) : PLANS[2][1];
    const where = p === 0 ? home : address(random);
    const packageId = ids.package++;
    packageIds.push(packageId);
    monthly += plan.price;
    out.add("packages", [
      packageId,
      customerId,
      plan.name,
      plan.name_fr,
      suspended ? "suspended" : "active",
      plan.price,
      where[0],
      where[1],
      where[2],
      where[3],
    ]);
    const status = suspended ? "interrupted" : "connected";
    const service = (category: string, name: string, nameFr: string, details: string) => {
      const id = ids.service++;
      out.add("services", [
        id,
        customerId,
        packageId,
        category,
        name,
        nameFr,
        status,
        null,
        where[0],
        where[1],
        where[2],
        "ON",
        where[3],
        details,
        since,
      ]);
      return id;
    };
    const speed = plan.mbps >= 1_000 ? "1 Gbps" : `${plan.mbps} Mbps`;
    const internet = service(
      "internet",
      `Fibre ${speed}`,
      `Fibre ${speed.replace("Gbps", "Gbit/s").replace("Mbps", "Mbit/s")}`,
      `{"download_mbps": ${plan.mbps}, "upload_mbps": ${plan.mbps}}`,
    );
    if (p === 0) internetService = internet;
    homeNetwork(g, out, random, internet, since, suspended);
    if (plan.tv) {
      const family = plan.tv === "family";
      const tv = service(
        "tv",
        family ? "TV Family" : "TV Essentials",
        family ? "Télé familiale" : "Télé essentielle",
        `{"channel_count": ${family ? 140 : 85}}`,
      );
      out.add("tv_services", [tv, plan.tv, true, family ? 4 : 2]);
      const packs = random.next() < 0.3 ? random.int(1, 2) : 0;
      for (let i = 0; i < packs; i++)
        out.add("tv_service_theme_packs", [tv, THEME_PACKS[(k + i) % THEME_PACKS.length], cal.day(-random.int(10, 700))]);
      const boxes = random.int(1, 3);
      const rooms = ["Living Room", "Bedroom", "Basement"];
      for (let i = 0; i < boxes; i++) {
        const n = ids.setTopBox++;
        out.add("set_top_boxes", [
          tv,
          `STBS${String(n).padStart(8, "0")}`,
          i === 0 ? "Nordlink 4K Box" : "Nordlink 4K Mini",
          rooms[i],
          mac("00:1A:2C", n),
          suspended ? "offline" : random.next() < 0.7 ? "online" : "standby",
          since,
        ]);
      }
    }
    if (plan.phone) {
      service("home_phone", "Home Phone Canada-wide", "Téléphone résidentiel pancanadien", `{"phone_number": "${who.phone}"}`);
    }
    if (plan.outAndAbout) service("out_and_about", "Out & About WiFi", "WiFi hors domicile", "{}");
  }

  // Automatic payments: by card for a third, by pre-authorized debit for a sixth.
  const r = random.next();
  const autopay = suspended ? null : r < 0.33 ? "credit_card" : r < 0.5 ? "pad" : null;
  const setUp = new Date(Math.max(cal.ms(since), cal.moment - 900 * DAY_MS) + random.int(1, 60) * DAY_MS);
  if (autopay === "credit_card" || (!autopay && random.next() < 0.06)) {
    out.add("autopay_cards", [
      customerId,
      autopay ? "active" : "stopped",
      random.pick(["visa", "mastercard", "amex"]),
      String(random.int(0, 9999)).padStart(4, "0"),
      random.int(1, 12),
      Number(cal.today.slice(0, 4)) + random.int(1, 4),
      `${who.first} ${who.last}`,
      `card_scale_${customerId}`,
      setUp,
      userId,
      autopay ? null : new Date(Math.min(setUp.getTime() + random.int(30, 300) * DAY_MS, cal.moment - DAY_MS)),
    ]);
  }
  if (autopay === "pad") {
    out.add("autopay_pads", [
      customerId,
      "active",
      String(random.pick([1, 2, 3, 4, 6, 10])).padStart(3, "0"),
      String(random.int(10000, 99999)),
      String(random.int(0, 9999)).padStart(4, "0"),
      `${who.first} ${who.last}`,
      `${random.int(1, 999)} ${random.pick(STREETS)[0]}, Toronto`,
      `bank_scale_${customerId}`,
      setUp,
      userId,
      cal.day(Math.round((setUp.getTime() - cal.todayMs) / DAY_MS) + 15),
    ]);
  }

  // Bills: a suspended account owes its last three; some owe the last one past its due date.
  const unpaid = suspended ? 3 : !autopay && random.next() < 0.04 ? 2 : 0;
  bills(g, out, random, {
    id: customerId,
    billingDay,
    since,
    monthly,
    unpaid,
    methods: ["credit_card", "credit_card", "bank", "credit_card"],
    autopay,
    userId,
    commercial: false,
  });
  if (suspended) {
    for (const packageId of packageIds) {
      out.add("package_suspensions", [customerId, packageId, "non_payment", new Date(cal.moment - random.int(5, 40) * DAY_MS)]);
    }
  }

  if (random.next() < 0.7) {
    out.add("account_preferences", [
      customerId,
      random.next() < 0.6,
      who.language,
      new Date(cal.moment - random.int(1, 600) * DAY_MS),
      userId,
    ]);
  }
  // Pauses: one that ended, or one scheduled.
  const pause = random.next();
  if (!suspended && pause < 0.05 && sinceDays > 400) {
    const starts = cal.day(-random.int(60, 360));
    out.add("service_pauses", [
      customerId,
      packageIds[0],
      starts,
      cal.from(starts, random.int(30, 90)),
      "ended",
      new Date(cal.ms(starts) - 20 * DAY_MS),
      userId,
    ]);
  } else if (!suspended && pause < 0.06) {
    const starts = cal.day(random.int(5, 60));
    out.add("service_pauses", [
      customerId,
      packageIds[0],
      starts,
      cal.from(starts, random.int(30, 90)),
      "scheduled",
      new Date(cal.moment - random.int(1, 5) * DAY_MS),
      userId,
    ]);
  }
  if (random.next() < 0.08) tickets(g, out, random, customerId, userId, `${who.first} ${who.last}`, internetService, TICKETS);
  if (random.next() < 0.05) {
    const prefix =
      who.first
        .toUpperCase()
        .normalize("NFD")
        .replace(/[^A-Z]/g, "")
        .slice(0, 5) || "FRIEND";
    // Unique: the four characters after the dash count k in base 36, the letters after the name count
    // how many times they came round.
    let round = Math.floor(k / 36 ** 4);
    let tail = "";
    while (round > 0) {
      tail += String.fromCharCode(65 + (round % 26));
      round = Math.floor(round / 26);
    }
    out.add("referral_codes", [
      customerId,
      `${prefix}${tail}-${(k % 36 ** 4).toString(36).toUpperCase().padStart(4, "0")}`,
      new Date(cal.moment - random.int(1, 400) * DAY_MS),
    ]);
  }
}

function tickets(
  g: Generator,
  out: Batch,
  random: Random,
  customerId: number,
  userId: number,
  author: string,
  serviceId: number,
  kinds: readonly [string, string, string][],
) {
  const { cal, ids } = g;
  const count = random.next() < 0.8 ? 1 : 2;
  for (let t = 0; t < count; t++) {
    const [category, subject, description] = random.pick(kinds);
    const status = weighted(random, TICKET_STATUSES);
    const opened = cal.moment - random.int(1, 200) * DAY_MS - random.int(0, 600) * 60_000;
    const replies = status === "open" ? 0 : random.int(1, 3);
    const id = ids.ticket++;
    let last = opened;
    const opening = ids.ticketUpdate++;
    const updates: Value[][] = [[opening, id, new Date(opened), "customer", author, userId, description]];
    for (let i = 0; i < replies; i++) {
      last = Math.min(last + random.int(2, 72) * HOUR_MS, cal.moment - HOUR_MS);
      const agent = i % 2 === 0;
      updates.push([
        ids.ticketUpdate++,
        id,
        new Date(last),
        agent ? "agent" : "customer",
        agent ? random.pick(AGENTS) : author,
        agent ? null : userId,
        agent ? "Thank you, we are looking into it and will follow up here." : "Thanks, that helps.",
      ]);
    }
    out.add("support_tickets", [
      id,
      customerId,
      category === "billing" || category === "moving" || category === "account" ? null : serviceId || null,
      userId,
      category,
      subject,
      description,
      status,
      new Date(opened),
      new Date(last),
      status === "closed" ? new Date(last) : null,
    ]);
    for (const update of updates) out.add("support_ticket_updates", update);
    // Every third request came with a file (a screenshot, a bill); chosen by its id, so that the random
    // draws of the rest of the customer stay as they were.
    if (id % 3 === 0) {
      const file = ids.file++;
      out.add("uploaded_files", [
        file,
        customerId,
        "support_attachment",
        "screenshot.pdf",
        "application/pdf",
        TICKET_FILE.length,
        TICKET_FILE_BYTEA,
        TICKET_FILE_SHA256,
        userId,
        new Date(opened),
      ]);
      out.add("support_ticket_attachments", [id, file, opening]);
    }
  }
}

const TICKET_FILE = DEMO_PDF;
/** bytea in COPY's text format (hex input; text() doubles the backslash). */
const TICKET_FILE_BYTEA = `\\x${TICKET_FILE.toString("hex")}`;
const TICKET_FILE_SHA256 = createHash("sha256").update(TICKET_FILE).digest("hex");

/** The router of a residential internet service, its WiFi, access points, devices, leases and rules. */
function homeNetwork(g: Generator, out: Batch, random: Random, serviceId: number, since: string, offline: boolean) {
  const { cal, ids } = g;
  const current = random.next() < 0.7;
  const ago = (minutes: number) => new Date(cal.moment - minutes * 60_000);
  const tenNet = random.next() < 0.1;
  const lanBase = tenNet ? (10 << 24) >>> 0 : ((192 << 24) | (168 << 16) | (1 << 8)) >>> 0;
  const lan = (host: number) => ipv4(lanBase + host);
  const lease = random.pick([43_200, 86_400, 86_400, 604_800]);
  const offlineSince = offline ? random.int(2, 20) * 24 * 60 : random.next() < 0.01 ? random.int(10, 3_000) : null;
  const bootMinutes = random.int(60, 60 * 24 * 90);
  out.add("routers", [
    serviceId,
    "Nordlink",
    current ? "HomeHub 6E" : "HomeHub 3000",
    current ? "current" : "legacy",
    current ? "Rev B" : "Rev A2",
    current ? "6.2.14" : "3.9.31",
    `NLS${serviceId}`,
    mac("3C:A6:30", serviceId),
    ipv4(((100 << 24) | (96 << 16)) + (serviceId % 0x100000)),
    current ? `2001:db8:c000:${(serviceId & 0xffff).toString(16)}::/56` : null,
    ["198.51.100.53", "198.51.100.54"],
    ago(Math.max(bootMinutes, offlineSince ?? 0)),
    offlineSince === null ? null : ago(offlineSince),
    lan(1),
    "255.255.255.0",
    lan(100),
    lan(199),
    lease,
    ago(offlineSince ?? 2),
  ]);
  const security = current ? "wpa2_wpa3_personal" : "wpa2_personal";
  const ssid = `Lakeshore-${(serviceId & 0xffff).toString(16).toUpperCase().padStart(4, "0")}`;
  const password = `${random.pick(LAST_NAMES).replace(/[^A-Za-z]/g, "")}-${random.int(1000, 9999)}-${random.int(1000, 9999)}`;
  const guest = random.next() < 0.2;
  out.add("wifi_networks", [serviceId, "2.4GHz", ssid, password, true, security, true, random.pick([1, 6, 11]), 20]);
  out.add("wifi_networks", [serviceId, "5GHz", `${ssid}-5G`, password, true, security, current, current ? null : 44, current ? 80 : 40]);
  if (guest)
    out.add("wifi_networks", [
      serviceId,
      "guest",
      `${ssid}-Guest`,
      `Guest-${random.int(100000, 999999)}`,
      random.next() < 0.6,
      security,
      true,
      null,
      20,
    ]);

  const devices = random.int(2, 12);
  const counter = (name: string, gigabytes: number, rate: number) => {
    const received = Math.round(gigabytes * 1e9 * (0.8 + random.next() * 0.4));
    const sent = Math.round(received * (0.08 + random.next() * 0.12));
    out.add("router_interface_counters", [
      serviceId,
      name,
      received,
      sent,
      Math.round(received / 1_100),
      Math.round(sent / 600),
      random.int(0, 40),
      rate,
    ]);
  };
  counter("wan", devices * 38, current ? 2_500 : 1_000);
  counter("lan", devices * 9, 1_000);
  counter("wifi_2_4ghz", devices * 4, current ? 574 : 300);
  counter("wifi_5ghz", devices * 22, current ? 2_402 : 867);
  if (guest) counter("wifi_guest", 1.2, 574);

  const firstSeen = Math.min(bootMinutes, Math.round((cal.moment - cal.ms(since)) / 60_000));
  const routerAp = ids.accessPoint++;
  out.add("network_access_points", [
    routerAp,
    serviceId,
    mac("3C:A6:31", serviceId),
    current ? "HomeHub 6E" : "HomeHub 3000",
    current ? "HomeHub 6E" : "HomeHub 3000",
    "router",
    lan(1),
    null,
    ago(firstSeen),
  ]);
  const aps = [routerAp];
  if (random.next() < 0.15) {
    const extender = ids.accessPoint++;
    aps.push(extender);
    out.add("network_access_points", [
      extender,
      serviceId,
      mac("3C:A6:32", serviceId),
      "Basement Extender",
      "MeshPoint 6",
      "extender",
      lan(2),
      random.next() < 0.5 ? "ethernet" : "wifi",
      ago(random.int(60, firstSeen + 60)),
    ]);
  }

  const reserved = random.next() < 0.25 ? random.int(1, 2) : 0;
  for (let i = 0; i < devices; i++) {
    const [type, label, host] = random.pick(DEVICE_KINDS);
    const deviceMac = `${random.pick(OUIS)}:${hex2(random.int(0, 255))}:${hex2(random.int(0, 255))}:${hex2(i)}`;
    const wired = type === "storage" || type === "game_console" ? random.next() < 0.7 : type === "computer" && random.next() < 0.2;
    const connection = wired
      ? "ethernet"
      : type === "smart_home" || type === "printer"
        ? "2.4GHz"
        : random.next() < 0.75
          ? "5GHz"
          : "2.4GHz";
    const connectedMinutes = random.int(5, Math.min(60 * 24 * 30, firstSeen));
    const left = offlineSince !== null ? offlineSince : random.next() < 0.12 ? random.int(1, Math.min(connectedMinutes, 60 * 60)) : null;
    const name = `${random.pick(FIRST_NAMES)}'s ${label}`;
    const hostname = host ? `${host}-${i + 1}` : null;
    const minutesOn = Math.max(0, Math.min(connectedMinutes, 48 * 60) - (left ?? 0));
    const heavy = type === "computer" || type === "tv" || type === "game_console" ? 40 : 6;
    const received = Math.round(minutesOn * heavy * 1e6 * (0.5 + random.next()));
    out.add("network_devices", [
      serviceId,
      aps[i % aps.length],
      deviceMac,
      name,
      hostname,
      type,
      connection,
      connection === "ethernet" ? null : -random.int(connection === "5GHz" ? 48 : 58, connection === "5GHz" ? 66 : 76),
      ago(connectedMinutes),
      left === null ? null : ago(left),
      received,
      Math.round(received * (0.05 + random.next() * 0.2)),
    ]);
    const isReserved = i < reserved;
    const ip = isReserved ? lan(10 + i) : lan(100 + i);
    if (isReserved) out.add("dhcp_reservations", [serviceId, deviceMac, ip, hostname, ago(random.int(30, 400) * 24 * 60)]);
    if (left !== null && left * 60 > lease) continue;
    const granted = ago(Math.min(connectedMinutes, Math.floor(lease / 60) - 1, left ?? Infinity) + random.int(0, 5));
    out.add("dhcp_leases", [serviceId, deviceMac, hostname, ip, "bound", granted, new Date(granted.getTime() + lease * 1000)]);
  }

  if (random.next() < 0.12) {
    const rules: [string, string, number, number | null, number | null][] = [
      ["NAS remote access", "TCP", 8443, null, 443],
      ["Game server", "both", 25565, null, null],
      ["Camera streams", "UDP", 50010, 50019, null],
    ];
    const count = random.int(1, 3);
    for (let i = 0; i < count; i++) {
      const [description, protocol, start, end, to] = rules[i];
      out.add("port_forwarding_rules", [
        serviceId,
        description,
        protocol,
        start,
        end,
        lan(100 + i),
        to,
        random.next() < 0.85,
        ago(random.int(10, 300) * 24 * 60),
        ago(random.int(1, 9) * 24 * 60),
      ]);
    }
  }
  if (random.next() < 0.2) {
    out.add("upnp_mappings", [serviceId, "Game console (3074 UDP)", "UDP", 3074, lan(100), 3074, 0, ago(random.int(10, 600))]);
    if (random.next() < 0.5)
      out.add("upnp_mappings", [serviceId, "Video call media", "UDP", 50_400, lan(101), 50_400, 3_600, ago(random.int(1, 50))]);
  }
}

function businessContact(g: Generator, out: Batch, j: number) {
  const { cal } = g;
  const random = seededRandom(mix(g.seed ^ 0x5eed, j));
  const userId = SCALE.firstId + g.layout.residential + j - 1;
  const who = person(random);
  const since = cal.day(-random.int(400, 4_000));
  out.add("users", [
    userId,
    SCALE.businessUsername(j),
    g.passwordHash,
    who.first,
    who.last,
    who.phone,
    who.language,
    new Date(cal.ms(since) + DAY_MS),
    false,
    new Date(cal.ms(since) + 10 * HOUR_MS),
  ]);
  signInHistory(g, out, random, userId);
  return { userId, who };
}

function commercialAccount(g: Generator, out: Batch, i: number, contact: { userId: number; who: Person; j: number; index: number }) {
  const { cal, ids } = g;
  const customerId = SCALE.firstId + g.layout.residential + i - 1;
  const random = seededRandom(mix(g.seed ^ 0xc0c0, i));
  const company = `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}`;
  const domain = `${company
    .toLowerCase()
    .replace(/[^a-z]+/g, "")
    .slice(0, 16)}${i}.example`;
  const where = address(random);
  const since = cal.day(-random.int(200, 4_000));
  const billingAuthoritative = random.next() < 0.8;
  out.add("customers", [
    customerId,
    company,
    `LFB-${customerId}`,
    false,
    billingAuthoritative,
    random.next() < 0.75,
    where[0],
    where[1],
    where[2],
    where[3],
    false,
    since,
    1,
    random.int(1, 2),
    random.next() < 0.9 ? random.int(3, 4) : null,
  ]);
  // The business contact, authoritative on most of its accounts; a colleague; an IT desk on some.
  const roles = contact.index % 7 === 3 ? ["billing", "notify"] : ["authoritative", "billing", "notify", "support"];
  const contactId = ids.contact++;
  const createdAt = new Date(cal.ms(since) + 10 * HOUR_MS);
  out.add("contacts", [
    contactId,
    customerId,
    contact.userId,
    contact.who.first,
    contact.who.last,
    SCALE.businessUsername(contact.j),
    contact.who.phone,
    "activated",
    roles,
    false,
    createdAt,
  ]);
  const colleague = person(random);
  out.add("contacts", [
    ids.contact++,
    customerId,
    null,
    colleague.first,
    colleague.last,
    emailOf(colleague, domain),
    colleague.phone,
    "activated",
    roles.includes("authoritative") ? ["billing", "notify"] : ["authoritative", "billing", "notify", "support"],
    false,
    createdAt,
  ]);
  if (random.next() < 0.5) {
    out.add("contacts", [
      ids.contact++,
      customerId,
      null,
      "IT",
      "Desk",
      `it@${domain}`,
      null,
      "pending_activation",
      ["support", "notify"],
      false,
      createdAt,
    ]);
  }

  const services = random.int(1, 3);
  let monthly = 0;
  let firstService = 0;
  for (let s = 0; s < services; s++) {
    const [, category, name, nameFr, prefix] = weighted(
      random,
      COMMERCIAL_SERVICES.map((entry) => [entry[0], entry] as const),
    );
    const serviceId = ids.service++;
    if (!firstService) firstService = serviceId;
    const colocation = category === "colocation";
    const at = colocation ? (["151 Front Street West", "Suite 605", "Toronto", "M5J 2N1"] as const) : where;
    const status = category === "dark_fibre" || colocation ? "unknown" : random.next() < 0.01 ? "down" : "up";
    const activated = cal.from(since, random.int(0, 200));
    monthly += category === "dedicated_internet" ? (/10 Gbps/.test(name) ? 250_000 : 60_000) : colocation ? 120_000 : 40_000;
    out.add("services", [
      serviceId,
      customerId,
      null,
      category,
      name,
      nameFr,
      status,
      `${prefix}-S${serviceId}`,
      at[0],
      at[1],
      at[2],
      "ON",
      at[3],
      "{}",
      activated,
    ]);
    if (category === "dedicated_internet") {
      const n = ids.endpoint++;
      const tenGig = /10 Gbps/.test(name);
      const device = `tor1-agg-0${1 + (n % 3)}.net.lakeshore-fibre.example`;
      const port = tenGig ? `xe-0/1/${n % 48}` : `ge-0/0/${n % 48}`;
      out.add("network_endpoints", [
        serviceId,
        `LF-TOR-DIA-S${serviceId}`,
        device,
        port,
        tenGig ? "10GBASE-LR (single-mode fibre, LC)" : "1000BASE-LX (single-mode fibre, LC)",
        tenGig ? 10_000 : 1_000,
        n % 3 === 0 ? null : 100 + (n % 300) * 10,
        n % 4 === 0 ? "Head office primary" : null,
        [`noc@${domain}`],
        contactId,
      ]);
      // A routed IPv4 /29 (from 100.64.0.0/10) and an IPv6 /56 (from 2001:db8:8000::/33), never overlapping.
      out.add("ip_blocks", [serviceId, `${ipv4(((100 << 24) | (64 << 16)) + n * 8)}/29`, "Routed block", activated]);
      out.add("ip_blocks", [
        serviceId,
        `2001:db8:${(0x8000 + (n >> 8)).toString(16)}:${((n & 0xff) << 8).toString(16)}::/56`,
        "Routed IPv6 prefix",
        activated,
      ]);
      const incidents = random.int(1, 4);
      for (let a = 0; a < incidents; a++) {
        const at = cal.moment - random.int(2, 90) * DAY_MS - random.int(0, 1_000) * 60_000;
        out.add("endpoint_alerts", [serviceId, new Date(at), device, port, "Interface down", "down"]);
        out.add("endpoint_alerts", [serviceId, new Date(at + random.int(2, 240) * 60_000), device, port, "Interface up", "up"]);
      }
    }
    if (colocation) {
      out.add("cabinets", [
        serviceId,
        `TOR1-S${serviceId}`,
        "TOR1 – 151 Front Street West",
        random.next() < 0.5 ? `Cage ${random.int(1, 9)}` : null,
        42,
      ]);
      const amps = random.next() < 0.3 ? 20 : 30;
      out.add("cabinet_circuits", [ids.circuit++, serviceId, "A feed", 208, amps]);
      out.add("cabinet_circuits", [ids.circuit++, serviceId, "B feed", 208, amps]);
    }
  }
  bills(g, out, random, {
    id: customerId,
    billingDay: 1,
    since,
    monthly,
    unpaid: random.next() < 0.15 ? 1 : 0,
    methods: ["bank", "pad", "cheque", "credit_card"],
    autopay: null,
    userId: contact.userId,
    commercial: true,
  });
  if (random.next() < 0.15)
    tickets(g, out, random, customerId, contact.userId, `${contact.who.first} ${contact.who.last}`, firstService, BUSINESS_TICKETS);
}

/**
 * Hourly power samples of the generated cabinets' circuits over SAMPLE_DAYS days, in SQL: each circuit
 * draws its own share of the breaker (20 to 45 %), more in the local afternoon, with a little noise.
 */
async function samplePower(db: Db, today: string) {
  await db.query(
    `INSERT INTO power_samples (circuit_id, sampled_at, interval_seconds, amps)
     SELECT c.id, $1::timestamptz + n * interval '1 hour', 3600,
            round((c.breaker_amps * (0.2 + (c.id * 37 % 26) / 100.0::float8)
                   * (0.82 + 0.12 * (0.5 - 0.5 * cos(2 * pi() * (((n + 19) % 24) - 4) / 24.0::float8))
                      + 0.06 * ((n::bigint * 2654435761 + c.id::bigint * 40503) % 1000) / 1000.0::float8))::numeric, 2)
       FROM cabinet_circuits c CROSS JOIN generate_series(0, ${SAMPLE_DAYS * 24 - 1}) AS n
      WHERE c.id >= $2
      ORDER BY c.id, n`,
    [dayAt(addDays(today, -(SAMPLE_DAYS - 1)), 0), SCALE.firstId],
  );
}

/** Incidents of the history: one every other day for two years, then two outages under way and two maintenance windows ahead. */
export const SCALE_INCIDENTS = { past: 360, open: 4 } as const;

/**
 * Two years of outages and maintenance of the network, in SQL: each resolved within hours, touching one
 * to three areas of the generated addresses (STREETS) for one to three kinds of service, with two updates;
 * every tenth a maintenance naming a generated dedicated internet service instead. Then what is open
 * on the seed day: two outages under way (one in M4M, where many generated people live) and two
 * maintenance windows ahead. Ids from SCALE.firstId; the same rows for the same seed day.
 */
async function incidentHistory(db: Db, today: string) {
  const { past, open } = SCALE_INCIDENTS;
  const areas = [...new Set(STREETS.map(([, fsa]) => fsa))];
  const first = SCALE.firstId;
  await db.query(
    `INSERT INTO incidents (id, kind, services, summary_en, summary_fr, starts_at, expected_end_at, resolved_at, resolution_en, resolution_fr, created_at)
     SELECT $2::integer + n,
            CASE WHEN n % 10 = 5 OR (n >= $3 AND n % 2 = 1) THEN 'maintenance' ELSE 'outage' END,
            CASE n % 4 WHEN 0 THEN ARRAY['internet'] WHEN 1 THEN ARRAY['tv'] WHEN 2 THEN ARRAY['internet', 'phone']
                       ELSE ARRAY['internet', 'tv', 'phone'] END,
            'Generated incident ' || n, 'Incident généré ' || n,
            at, at + interval '4 hours',
            CASE WHEN n < $3 THEN at + (1 + n % 5) * interval '1 hour' END,
            CASE WHEN n < $3 THEN 'Service is back.' END, CASE WHEN n < $3 THEN 'Le service est rétabli.' END,
            LEAST(at, $1::timestamptz)
       FROM generate_series(0, $3::integer + $4::integer - 1) AS n,
            LATERAL (SELECT CASE WHEN n < $3 THEN $1::timestamptz - ($3 - n) * interval '2 days' + (n % 24) * interval '1 hour'
                                 WHEN n % 2 = 0 THEN $1::timestamptz - (n - $3 + 1) * interval '1 hour'
                                 ELSE $1::timestamptz + (n - $3 + 1) * interval '1 day' END AS at) AS starts`,
    [dayAt(today, 12), first, past, open],
  );
  // Areas: one to three of the generated addresses' (the first outage under way in M4M); none for the maintenance naming a circuit.
  await db.query(
    `INSERT INTO incident_areas (incident_id, postal_prefix)
     SELECT DISTINCT i.id, CASE WHEN i.id = $2::integer + $3 THEN 'M4M' ELSE ($1::text[])[(i.id * 7 + k) % cardinality($1::text[]) + 1] END
       FROM incidents i CROSS JOIN generate_series(0, 2) AS k
      WHERE i.id >= $2 AND k <= i.id % 3 AND NOT (i.id < $2::integer + $3 AND (i.id - $2::integer) % 10 = 5)`,
    [areas, first, past],
  );
  await db.query(
    `INSERT INTO incident_services (incident_id, service_id)
     SELECT incident_id, service_id
       FROM (SELECT i.id AS incident_id,
                    (SELECT s.id FROM services s WHERE s.id >= $1 AND s.category = 'dedicated_internet'
                      ORDER BY s.id OFFSET (i.id - $1::integer) / 10 LIMIT 1) AS service_id
               FROM incidents i
              WHERE i.id >= $1 AND i.id < $1::integer + $2 AND (i.id - $1::integer) % 10 = 5) AS named
      WHERE service_id IS NOT NULL`,
    [first, past],
  );
  // Incidents naming a circuit the seed did not make (a small seed): nothing touches, so they go.
  await db.query(
    `DELETE FROM incidents i WHERE i.id >= $1
        AND NOT EXISTS (SELECT 1 FROM incident_areas a WHERE a.incident_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM incident_services x WHERE x.incident_id = i.id)`,
    [first],
  );
  await db.query(
    `INSERT INTO incident_updates (incident_id, posted_at, text_en, text_fr)
     SELECT i.id, i.starts_at + m * interval '1 minute', 'Update after ' || m || ' minutes.', 'Mise à jour après ' || m || ' minutes.'
       FROM incidents i CROSS JOIN (VALUES (30), (90)) AS v (m)
      WHERE i.id >= $1 AND i.starts_at + m * interval '1 minute' <= coalesce(i.resolved_at, $2::timestamptz)`,
    [first, dayAt(today, 12)],
  );
}

// ---------------------------------------------------------------------------------------------------

/** Yields to the event loop, so that a COPY in flight keeps streaming while the next batch is made. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

async function write(db: Db, batch: Batch) {
  for (const table of Object.keys(TABLES) as Table[]) {
    const pieces = batch.pieces(table);
    if (pieces.length) await db.copyRows(table, TABLES[table], pieces);
  }
}

/**
 * Generates the customers of the scale seed. The demo seed must be there (catalogue, staff, the demo
 * users whose password hash is reused); the generated rows must not (it adds, and refuses a second run).
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const summary = await db.transaction((tx) => generate(tx, options));
  (options.progress ?? (() => undefined))("statistics (ANALYZE)");
  await db.exec("ANALYZE");
  return summary;
}

async function generate(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const { customers, seed, today } = options;
  const progress = options.progress ?? (() => undefined);
  if (!Number.isInteger(customers) || customers < 1) throw new Error("customers: a whole number of at least 1");
  const existing = await db.one("SELECT 1 FROM users WHERE id >= $1 LIMIT 1", [SCALE.firstId]);
  if (existing) throw new Error("This database already holds generated customers: recreate it first (npm run db:seed recreates it).");
  const demo = await db.one<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'resi@example.com'");
  if (!demo) throw new Error("The demo seed must run first");

  // Rows are loaded as pg_restore --disable-triggers loads them: without the reference checks and the
  // revision counters' triggers, when the role may (a superuser; PGlite's is). The generator makes
  // every reference right (the scale test checks them all afterwards), and a generated account's
  // revisions start at 0 as a new account's do. Otherwise each row is checked as it lands (slower).
  const superuser = (await db.one<{ on: boolean }>("SELECT current_setting('is_superuser') = 'on' AS on"))?.on;
  if (superuser) await db.exec("SET LOCAL session_replication_role = replica");
  progress(
    superuser ? "loading without per-row triggers (session_replication_role = replica)" : "loading with per-row checks (not a superuser)",
  );

  const layout = scaleLayout(customers, seed);
  const g: Generator = { cal: new Calendar(today), ids: new Ids(), passwordHash: demo.password_hash, seed, layout };
  const size = options.batch ?? 2_000;

  // Batches in order; while one is written, the next is made (generation yields between customers).
  type Job = { from: number; to: number; make: (out: Batch, n: number) => void };
  const jobs: Job[] = [];
  for (let from = 1; from <= layout.residential; from += size) {
    jobs.push({ from, to: Math.min(layout.residential, from + size - 1), make: (out, k) => residentialCustomer(g, out, k) });
  }
  // Commercial accounts: account i belongs to business contact contactOf[i]; the contact's user is made
  // with its first account.
  const contactOf: { j: number; index: number }[] = [];
  layout.groups.forEach((count, j) => {
    for (let index = 0; index < count; index++) contactOf.push({ j: j + 1, index });
  });
  const contacts = new Map<number, { userId: number; who: Person }>();
  for (let from = 1; from <= layout.commercial; from += size) {
    jobs.push({
      from,
      to: Math.min(layout.commercial, from + size - 1),
      make: (out, i) => {
        const { j, index } = contactOf[i - 1];
        if (index === 0) contacts.set(j, businessContact(g, out, j));
        const contact = contacts.get(j)!;
        commercialAccount(g, out, i, { ...contact, j, index });
        if (index === layout.groups[j - 1] - 1) contacts.delete(j);
      },
    });
  }

  const make = async (job: Job) => {
    const out = new Batch();
    for (let n = job.from; n <= job.to; n++) {
      job.make(out, n);
      if (n % 100 === 0) await breathe();
    }
    return out;
  };
  const started = performance.now();
  let done = 0;
  let rows = 0;
  let next = jobs.length ? make(jobs[0]) : null;
  for (let i = 0; i < jobs.length; i++) {
    const batch = await next!;
    next = i + 1 < jobs.length ? make(jobs[i + 1]) : null;
    await write(db, batch);
    done += jobs[i].to - jobs[i].from + 1;
    rows += batch.rows;
    progress(`${done} of ${customers} customers, ${rows} rows, ${Math.round((performance.now() - started) / 1000)} s`);
  }

  // Hourly bandwidth and power samples of the generated endpoints and circuits, in SQL.
  await sampleBandwidth(db, today, SCALE.firstId);
  progress(`bandwidth samples (${SAMPLE_DAYS} days), ${Math.round((performance.now() - started) / 1000)} s`);
  await samplePower(db, today);
  progress(`power samples (${SAMPLE_DAYS} days), ${Math.round((performance.now() - started) / 1000)} s`);
  await incidentHistory(db, today);
  progress(`incidents, ${Math.round((performance.now() - started) / 1000)} s`);

  // Sequences past the generated ids, so that rows the API adds get ids of their own.
  const sequences = await db.query<{ table_name: string; column_name: string; sequence: string }>(
    `SELECT c.table_name, c.column_name, pg_get_serial_sequence(c.table_schema || '.' || c.table_name, c.column_name) AS sequence
       FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_default LIKE 'nextval(%'`,
  );
  for (const s of sequences) {
    if (!s.sequence) continue;
    await db.query(
      `SELECT setval($1, GREATEST((SELECT last_value FROM ${s.sequence}), (SELECT coalesce(max(${s.column_name}), 1) FROM ${s.table_name})))`,
      [s.sequence],
    );
  }
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ('scale_seed', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [
      JSON.stringify({
        customers,
        seed,
        residential: layout.residential,
        commercial: layout.commercial,
        businessContacts: layout.groups.length,
      }),
    ],
  );
  progress(`sequences, ${Math.round((performance.now() - started) / 1000)} s`);
  return { customers, residential: layout.residential, commercial: layout.commercial, businessContacts: layout.groups.length, seed };
}
