/**
 * msw: the services of the residential fixture account 100101 (package 5001 "Home Complete" with
 * internet 7001, TV 7002 and phone 7003; a scheduled pause 41 and a pending move request 61), its
 * account details, WiFi, network, internet, TV, and the signed-in user's profile. Tests change an
 * answer with server.use(on(...)).
 */
import type { AccountDetailsAnswer, Bundle, CurrentUserAnswer, ScheduledPauseDetailAnswer, ServicesAnswer } from "#contract/accounts";
import type { InternetSettingsAnswer, NetworkOverviewAnswer, TvPackageAnswer, WifiSettingsAnswer } from "#contract/home-network";
import { on, refuse, reply } from "./contract.ts";

const address = { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" };

export const pause = {
  pause_id: 41,
  package_id: 5001,
  from_date: "2027-01-01",
  until_date: "2027-03-01",
  months: 2,
  status: "scheduled" as const,
  can_edit: true,
  can_remove: true,
};

export const bundle = (overrides: Partial<Bundle> = {}): Bundle => ({
  package_id: 5001,
  name: "Home Complete",
  status: "active",
  monthly_price: 145,
  service_address: address,
  services: [
    { service_id: 7001, category: "internet", name: "Fibre 1 Gbps", status: "connected" },
    { service_id: 7002, category: "tv", name: "TV Essentials", status: "connected" },
    { service_id: 7003, category: "home_phone", name: "Home Phone", status: "connected" },
  ],
  suspension: null,
  scheduled_pauses: [pause],
  pending_requests: [
    {
      request_id: 61,
      package_id: 5001,
      kind: "move",
      status: "pending",
      requested_at: "2026-11-10T15:00:00Z",
      effective_date: "2027-02-01",
      new_address: { line1: "88 Glebeholme Boulevard", line2: null, city: "Toronto", province: "ON", postal_code: "M4J 1S5" },
      reason: null,
      comment: null,
    },
  ],
  actions: { can_suspend: true, can_reinstate: false, can_pause: true, can_move: false, can_cancel: true, can_reactivate: false },
  ...overrides,
});

export const services = (overrides: Partial<ServicesAnswer> = {}): ServicesAnswer => ({
  bundles: [bundle()],
  balance_owing: 0,
  suspended_for_nonpayment: false,
  can_manage: true,
  ...overrides,
});

export const pauseDetail = (overrides: Partial<ScheduledPauseDetailAnswer> = {}): ScheduledPauseDetailAnswer => ({
  packages: [
    {
      package_id: 5001,
      name: "Home Complete",
      status: "active",
      service_address: address,
      scheduled_pauses: [pause],
      past_pauses: [
        { ...pause, pause_id: 12, from_date: "2025-07-01", until_date: "2025-09-01", status: "ended", can_edit: false, can_remove: false },
      ],
      can_pause: true,
    },
  ],
  pause_options: {
    months: [1, 2, 3, 4, 5, 6],
    min_months: 1,
    max_months: 6,
    earliest_start_date: "2026-11-24",
    latest_start_date: "2027-11-23",
  },
  balance_owing: 0,
  ...overrides,
});

export const accountDetails: AccountDetailsAnswer = {
  account_details: {
    customer_id: 100101,
    account_number: "LF-100101",
    contract_name: "Maya Singh",
    is_residential: true,
    status: "active",
    customer_since: "2024-09-12",
    billing_address: address,
    service_addresses: [address],
    preferences: { paperless_billing: true, correspondence_language: "en" },
    can_edit: true,
  },
};

export const wifiSettings: WifiSettingsAnswer = {
  wifi_settings: {
    package_id: 5001,
    service_id: 7001,
    networks: [
      {
        band: "5GHz",
        name: "Singh-Home-5G",
        password: "Secret-Pass-5",
        enabled: true,
        security_mode: "wpa2_wpa3_personal",
        hidden: false,
        channel: 36,
        auto_channel: true,
        channel_width_mhz: 80,
        updated_at: null,
      },
    ],
    plan: { name: "Fibre 1 Gbps", download_mbps: 1000, upload_mbps: 1000 },
    service_address: address,
  },
};

export const internetSettings: InternetSettingsAnswer = {
  internet_settings: {
    package_id: 5001,
    service_id: 7001,
    plan: { name: "Fibre 1 Gbps", download_mbps: 1000, upload_mbps: 1000 },
    status: "connected",
    activated_on: "2024-09-20",
    service_address: address,
    connection: {
      status: "online",
      public_ipv4: "203.0.113.10",
      ipv6_prefix: null,
      dns_servers: ["192.0.2.53"],
      online_since: "2026-11-01T10:00:00Z",
      offline_since: null,
    },
    router: {
      vendor: "Lakeshore",
      model: "HomeHub 4",
      generation: "current",
      firmware_version: "4.2.1",
      serial_number: "LHH4-1",
      mac_address: "00:11:22:33:44:55",
    },
    wifi: [{ band: "5GHz", name: "Singh-Home-5G", enabled: true }],
  },
};

const device = {
  mac_address: "AA:BB:CC:00:00:01",
  name: "Maya's phone",
  hostname: "maya-phone",
  ip_address: "192.168.1.20",
  device_type: "phone" as const,
  connection: "5GHz" as const,
  signal_dbm: -52,
  connected: true,
  connected_since: "2026-11-22T08:00:00Z",
  last_seen_at: "2026-11-22T18:00:00Z",
  traffic: { received_bytes: 1000, sent_bytes: 500 },
  access_point_mac: "00:11:22:33:44:55",
};

export const networkOverview: NetworkOverviewAnswer = {
  network_overview: {
    package_id: 5001,
    service_id: 7001,
    generated_at: "2026-11-22T18:05:00Z",
    window_hours: 48,
    access_points: [
      {
        mac_address: "00:11:22:33:44:55",
        name: "HomeHub",
        model: "HomeHub 4",
        role: "router",
        ip_address: "192.168.1.1",
        uplink: null,
        online: true,
        first_seen_at: "2026-01-01T00:00:00Z",
        last_seen_at: "2026-11-22T18:05:00Z",
        devices: [device],
      },
    ],
  },
  network_overview_by_mac: {},
};

export const tvPackage: TvPackageAnswer = {
  tv_package: {
    package_id: 5001,
    service_id: 7002,
    name: "TV Essentials",
    status: "connected",
    base_package: { code: "essentials", name: "Essentials", channel_count: 1 },
    channels: [{ number: 2, name: "City News", call_sign: "CITY", hd: true, language: "en", genre: "news", source: "base" }],
    theme_packs: [
      { code: "sports", name: "Sports Plus", monthly_price: 12, subscribed: true, added_on: "2026-04-03", channel_numbers: [400] },
    ],
    set_top_boxes: [
      {
        serial_number: "STB-1",
        model: "Box 4K",
        room: "Living room",
        mac_address: "00:11:22:33:44:66",
        status: "online",
        activated_on: "2024-09-20",
      },
    ],
    tv_go: { included: true, max_streams: 2, account_email: "ravi.singh@example.com" },
  },
};

export const currentUser: CurrentUserAnswer = {
  current_user: {
    user_id: 1,
    username: "resi@example.com",
    email: "resi@example.com",
    first_name: "Maya",
    last_name: "Singh",
    phone: "416-555-0123",
    preferred_language: "en",
    password_changed_at: null,
  },
};

const ok = { success: true as const };

export const servicesHandlers = [
  on("GET /account-details/{customerId}", () => reply("GET /account-details/{customerId}", accountDetails)),
  on("PUT /account-details/{customerId}", () => reply("PUT /account-details/{customerId}", ok)),
  on("GET /services/{customerId}", () => reply("GET /services/{customerId}", services())),
  on("GET /services/{customerId}/scheduled-pause-detail", () => reply("GET /services/{customerId}/scheduled-pause-detail", pauseDetail())),
  on("POST /services/{customerId}/scheduled-pause", () =>
    reply("POST /services/{customerId}/scheduled-pause", { success: true, pause_ids: [42] }),
  ),
  on("PUT /services/{customerId}/scheduled-pause/{pauseId}", () => reply("PUT /services/{customerId}/scheduled-pause/{pauseId}", ok)),
  on("DELETE /services/{customerId}/scheduled-pause/{pauseId}", () => reply("DELETE /services/{customerId}/scheduled-pause/{pauseId}", ok)),
  on("PUT /services/{customerId}/suspend", () => reply("PUT /services/{customerId}/suspend", ok)),
  on("PUT /services/{customerId}/reinstate", () => reply("PUT /services/{customerId}/reinstate", ok)),
  on("POST /services/{customerId}/move-requests", () =>
    reply("POST /services/{customerId}/move-requests", { success: true, request_id: 70, status: "pending" }),
  ),
  on("POST /services/{customerId}/cancel-requests", () =>
    reply("POST /services/{customerId}/cancel-requests", { success: true, request_id: 71, status: "pending" }),
  ),
  on("POST /services/{customerId}/reactivate-requests", () =>
    reply("POST /services/{customerId}/reactivate-requests", { success: true, request_id: 72, status: "pending" }),
  ),
  on("DELETE /services/{customerId}/requests/{requestId}", () => reply("DELETE /services/{customerId}/requests/{requestId}", ok)),
  on("GET /residential-internet/{packageId}", () => reply("GET /residential-internet/{packageId}", internetSettings)),
  on("GET /residential-tv/{packageId}", () => reply("GET /residential-tv/{packageId}", tvPackage)),
  on("GET /residential-tv/services/{serviceId}", ({ params }) =>
    Number(params.serviceId) === tvPackage.tv_package.service_id
      ? reply("GET /residential-tv/services/{serviceId}", tvPackage)
      : refuse(404),
  ),
  on("GET /wifi/{packageId}", () => reply("GET /wifi/{packageId}", wifiSettings)),
  on("PUT /wifi/{packageId}", () =>
    reply("PUT /wifi/{packageId}", { success: true, wifi_names: { "5001": [{ band: "5GHz", name: "New-Name", enabled: true }] } }),
  ),
  on("GET /wifi/{packageId}/network-overview", () => reply("GET /wifi/{packageId}/network-overview", networkOverview)),
  on("GET /profile-settings", () => reply("GET /profile-settings", currentUser)),
  on("PUT /profile-settings", () => reply("PUT /profile-settings", ok)),
  on("PUT /profile-settings/password", () => reply("PUT /profile-settings/password", ok)),
  on("PUT /residential-dashboard/endTour", () => reply("PUT /residential-dashboard/endTour", ok)),
];
