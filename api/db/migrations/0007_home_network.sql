-- The residential home network: the router of each residential internet service (LAN settings, DHCP,
-- port forwarding, UPnP, counters), the access points and devices seen on the network, extra WiFi
-- radio settings, and the TV line-ups, theme packs and set-top boxes of TV services.
-- Addresses are kept as text (dotted IPv4, MAC as AA:BB:CC:DD:EE:FF); the service validates them.

-- WiFi radio settings besides name, password and enabled (wifi_networks is in 0001_core.sql).
ALTER TABLE wifi_networks
  ADD COLUMN security_mode     text NOT NULL DEFAULT 'wpa2_wpa3_personal'
                                 CHECK (security_mode IN ('wpa2_personal', 'wpa2_wpa3_personal', 'wpa3_personal')),
  ADD COLUMN hidden            boolean NOT NULL DEFAULT false,
  ADD COLUMN auto_channel      boolean NOT NULL DEFAULT true,
  ADD COLUMN channel           smallint,
  ADD COLUMN channel_width_mhz smallint NOT NULL DEFAULT 20 CHECK (channel_width_mhz IN (20, 40, 80, 160)),
  ADD COLUMN updated_at        timestamptz;

-- One router (CPE) per residential internet service. offline_since is null while it answers.
CREATE TABLE routers (
  service_id         integer PRIMARY KEY REFERENCES services ON DELETE CASCADE,
  vendor             text NOT NULL,
  model              text NOT NULL,
  generation         text NOT NULL CHECK (generation IN ('legacy', 'current')),
  hardware_version   text NOT NULL,
  firmware_version   text NOT NULL,
  serial_number      text NOT NULL UNIQUE,
  mac_address        text NOT NULL UNIQUE,
  wan_ipv4           text,
  wan_ipv6_prefix    text,
  wan_dns            text[] NOT NULL DEFAULT '{}',
  last_boot_at       timestamptz NOT NULL,
  offline_since      timestamptz,
  lan_ip             text NOT NULL,
  subnet_mask        text NOT NULL,
  dhcp_start         text NOT NULL,
  dhcp_end           text NOT NULL,
  lease_time_seconds integer NOT NULL CHECK (lease_time_seconds BETWEEN 120 AND 604800),
  dns_primary        text,
  dns_secondary      text,
  settings_updated_at timestamptz,
  -- When the DHCP table was last read from the router (reads are cached a few minutes).
  leases_read_at     timestamptz NOT NULL
);

-- Traffic counters per interface since the last boot, as the router last reported them.
CREATE TABLE router_interface_counters (
  service_id       integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  interface        text NOT NULL CHECK (interface IN ('wan', 'lan', 'wifi_2_4ghz', 'wifi_5ghz', 'wifi_guest')),
  received_bytes   bigint NOT NULL CHECK (received_bytes >= 0),
  sent_bytes       bigint NOT NULL CHECK (sent_bytes >= 0),
  received_packets bigint NOT NULL CHECK (received_packets >= 0),
  sent_packets     bigint NOT NULL CHECK (sent_packets >= 0),
  errors           bigint NOT NULL DEFAULT 0 CHECK (errors >= 0),
  link_rate_mbps   integer,
  PRIMARY KEY (service_id, interface)
);

-- Static port forwarding. An end_port of null forwards the single start_port.
CREATE TABLE port_forwarding_rules (
  id                  serial PRIMARY KEY,
  service_id          integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  description         text NOT NULL,
  protocol            text NOT NULL CHECK (protocol IN ('TCP', 'UDP', 'both')),
  start_port          integer NOT NULL CHECK (start_port BETWEEN 1 AND 65535),
  end_port            integer CHECK (end_port BETWEEN 1 AND 65535 AND end_port >= start_port),
  destination_address text NOT NULL,
  destination_port    integer CHECK (destination_port BETWEEN 1 AND 65535),
  enabled             boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX port_forwarding_rules_description ON port_forwarding_rules (service_id, lower(description));

-- Mappings devices opened themselves through UPnP IGD. lease_seconds 0 means until removed.
CREATE TABLE upnp_mappings (
  id               serial PRIMARY KEY,
  service_id       integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  description      text NOT NULL,
  protocol         text NOT NULL CHECK (protocol IN ('TCP', 'UDP')),
  external_port    integer NOT NULL CHECK (external_port BETWEEN 1 AND 65535),
  internal_address text NOT NULL,
  internal_port    integer NOT NULL CHECK (internal_port BETWEEN 1 AND 65535),
  lease_seconds    integer NOT NULL DEFAULT 0 CHECK (lease_seconds >= 0),
  created_at       timestamptz NOT NULL,
  UNIQUE (service_id, protocol, external_port)
);

-- The router's DHCP table: offered (not yet acknowledged, shown as pending) or bound leases.
CREATE TABLE dhcp_leases (
  id          serial PRIMARY KEY,
  service_id  integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  mac_address text NOT NULL,
  hostname    text,
  ip_address  text NOT NULL,
  state       text NOT NULL CHECK (state IN ('offered', 'bound')),
  granted_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  UNIQUE (service_id, mac_address)
);

-- Fixed addresses handed to a device by its MAC.
CREATE TABLE dhcp_reservations (
  id          serial PRIMARY KEY,
  service_id  integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  mac_address text NOT NULL,
  ip_address  text NOT NULL,
  hostname    text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service_id, mac_address),
  UNIQUE (service_id, ip_address)
);

-- Access points of the home network: the router itself and any extenders (mesh points).
CREATE TABLE network_access_points (
  id            serial PRIMARY KEY,
  service_id    integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  mac_address   text NOT NULL,
  name          text NOT NULL,
  model         text NOT NULL,
  role          text NOT NULL CHECK (role IN ('router', 'extender')),
  ip_address    text,
  uplink        text CHECK (uplink IN ('ethernet', 'wifi')),
  first_seen_at timestamptz NOT NULL,
  offline_since timestamptz,
  UNIQUE (service_id, mac_address)
);

-- Devices seen on the network. disconnected_at is null while connected; traffic covers the last 48 hours.
CREATE TABLE network_devices (
  id              serial PRIMARY KEY,
  service_id      integer NOT NULL REFERENCES routers ON DELETE CASCADE,
  access_point_id integer NOT NULL REFERENCES network_access_points ON DELETE CASCADE,
  mac_address     text NOT NULL,
  name            text NOT NULL,
  hostname        text,
  device_type     text NOT NULL CHECK (device_type IN ('phone', 'computer', 'tablet', 'tv', 'set_top_box', 'game_console', 'smart_home', 'printer', 'storage', 'other')),
  connection      text NOT NULL CHECK (connection IN ('2.4GHz', '5GHz', 'guest', 'ethernet')),
  signal_dbm      smallint,
  connected_since timestamptz NOT NULL,
  disconnected_at timestamptz,
  received_bytes  bigint NOT NULL DEFAULT 0,
  sent_bytes      bigint NOT NULL DEFAULT 0,
  UNIQUE (service_id, mac_address)
);
CREATE INDEX network_devices_access_point ON network_devices (access_point_id);

-- TV: the channel catalogue, base line-ups with their channel numbers, and theme packs.
CREATE TABLE tv_channels (
  id        integer PRIMARY KEY,
  call_sign text NOT NULL UNIQUE,
  name      text NOT NULL,
  hd        boolean NOT NULL DEFAULT true,
  language  text NOT NULL CHECK (language IN ('en', 'fr', 'multi')),
  genre     text NOT NULL
);

CREATE TABLE tv_lineups (
  code    text PRIMARY KEY,
  name    text NOT NULL,
  name_fr text NOT NULL
);

CREATE TABLE tv_lineup_channels (
  lineup_code text NOT NULL REFERENCES tv_lineups ON DELETE CASCADE,
  channel_id  integer NOT NULL REFERENCES tv_channels,
  number      integer NOT NULL CHECK (number > 0),
  PRIMARY KEY (lineup_code, channel_id),
  UNIQUE (lineup_code, number)
);

CREATE TABLE tv_theme_packs (
  code                text PRIMARY KEY,
  name                text NOT NULL,
  name_fr             text NOT NULL,
  monthly_price_cents integer NOT NULL CHECK (monthly_price_cents >= 0)
);

CREATE TABLE tv_theme_pack_channels (
  pack_code  text NOT NULL REFERENCES tv_theme_packs ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES tv_channels,
  number     integer NOT NULL UNIQUE CHECK (number > 0),
  PRIMARY KEY (pack_code, channel_id)
);

-- A TV service's line-up, TV Go entitlement and theme packs.
CREATE TABLE tv_services (
  service_id        integer PRIMARY KEY REFERENCES services ON DELETE CASCADE,
  lineup_code       text NOT NULL REFERENCES tv_lineups,
  tv_go_included    boolean NOT NULL DEFAULT true,
  tv_go_max_streams smallint NOT NULL DEFAULT 2 CHECK (tv_go_max_streams >= 0)
);

CREATE TABLE tv_service_theme_packs (
  service_id integer NOT NULL REFERENCES tv_services ON DELETE CASCADE,
  pack_code  text NOT NULL REFERENCES tv_theme_packs,
  added_on   date NOT NULL,
  PRIMARY KEY (service_id, pack_code)
);

CREATE TABLE set_top_boxes (
  id            serial PRIMARY KEY,
  service_id    integer NOT NULL REFERENCES tv_services ON DELETE CASCADE,
  serial_number text NOT NULL UNIQUE,
  model         text NOT NULL,
  room          text NOT NULL,
  mac_address   text NOT NULL UNIQUE,
  status        text NOT NULL CHECK (status IN ('online', 'standby', 'offline')),
  activated_on  date NOT NULL
);
CREATE INDEX set_top_boxes_service ON set_top_boxes (service_id);
