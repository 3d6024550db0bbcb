-- The commercial network behind dedicated internet and colocation services (endpoints, IP blocks,
-- alert history, bandwidth and power samples) and the support tickets of every customer.
-- Values derived from others (usable addresses of a block, rates, percentiles) are computed when
-- answering, never stored.

-- The hand-off of one dedicated internet service, and its monitoring settings (customer-editable:
-- label, description, alert_emails, notify_contact_id).
CREATE TABLE network_endpoints (
  service_id        integer PRIMARY KEY REFERENCES services ON DELETE CASCADE,
  circuit_id        text NOT NULL UNIQUE,
  access_device     text NOT NULL,
  port              text NOT NULL,
  handoff           text NOT NULL,
  speed_mbps        integer NOT NULL CHECK (speed_mbps > 0),
  vlan_id           integer CHECK (vlan_id BETWEEN 1 AND 4094),
  label             text CHECK (char_length(label) <= 80),
  description       text CHECK (char_length(description) <= 500),
  alert_emails      text[] NOT NULL DEFAULT '{}' CHECK (cardinality(alert_emails) <= 5),
  notify_contact_id integer REFERENCES contacts ON DELETE SET NULL,
  updated_at        timestamptz,
  updated_by        integer REFERENCES users ON DELETE SET NULL
);

-- IP blocks routed to an endpoint. Blocks never overlap (exclusion constraint); the gateway and the
-- usable range follow from the CIDR.
CREATE TABLE ip_blocks (
  id          serial PRIMARY KEY,
  service_id  integer NOT NULL REFERENCES network_endpoints ON DELETE CASCADE,
  network     cidr NOT NULL,
  description text,
  assigned_on date NOT NULL,
  EXCLUDE USING gist (network inet_ops WITH &&)
);
CREATE INDEX ip_blocks_service ON ip_blocks (service_id);

-- Port and session events seen by monitoring; status is the state the event left the link in.
CREATE TABLE endpoint_alerts (
  id            serial PRIMARY KEY,
  service_id    integer NOT NULL REFERENCES network_endpoints ON DELETE CASCADE,
  occurred_at   timestamptz NOT NULL,
  access_device text NOT NULL,
  port          text NOT NULL,
  event         text NOT NULL,
  status        text NOT NULL CHECK (status IN ('up', 'down'))
);
CREATE INDEX endpoint_alerts_service ON endpoint_alerts (service_id, occurred_at DESC);

-- Traffic counters of an endpoint, one row an interval starting at sampled_at. Download is traffic
-- towards the customer, upload from the customer.
CREATE TABLE bandwidth_samples (
  service_id       integer NOT NULL CONSTRAINT bandwidth_samples_endpoint REFERENCES network_endpoints ON DELETE CASCADE,
  sampled_at       timestamptz NOT NULL,
  interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
  download_bytes   bigint NOT NULL CHECK (download_bytes >= 0),
  upload_bytes     bigint NOT NULL CHECK (upload_bytes >= 0),
  PRIMARY KEY (service_id, sampled_at)
);

-- The cabinet of a colocation service and its power circuits (one breaker each).
CREATE TABLE cabinets (
  service_id  integer PRIMARY KEY REFERENCES services ON DELETE CASCADE,
  cabinet_ref text NOT NULL UNIQUE,
  facility    text NOT NULL,
  cage        text,
  rack_units  integer NOT NULL CHECK (rack_units > 0)
);

CREATE TABLE cabinet_circuits (
  id           serial PRIMARY KEY,
  service_id   integer NOT NULL REFERENCES cabinets ON DELETE CASCADE,
  name         text NOT NULL,
  voltage      integer NOT NULL CHECK (voltage > 0),
  breaker_amps integer NOT NULL CHECK (breaker_amps > 0),
  UNIQUE (service_id, name)
);

-- Average current drawn on a circuit over the interval starting at sampled_at.
CREATE TABLE power_samples (
  circuit_id       integer NOT NULL CONSTRAINT power_samples_circuit REFERENCES cabinet_circuits ON DELETE CASCADE,
  sampled_at       timestamptz NOT NULL,
  interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
  amps             numeric(7, 2) NOT NULL CHECK (amps >= 0),
  PRIMARY KEY (circuit_id, sampled_at)
);

-- Support tickets of residential and commercial customers.
CREATE SEQUENCE support_ticket_numbers START 204801;

CREATE TABLE support_tickets (
  id                serial PRIMARY KEY,
  ticket_number     text NOT NULL UNIQUE DEFAULT ('CS-' || nextval('support_ticket_numbers')),
  customer_id       integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  service_id        integer REFERENCES services ON DELETE SET NULL,
  opened_by         integer REFERENCES users ON DELETE SET NULL,
  category          text NOT NULL CHECK (category IN ('billing', 'internet', 'wifi', 'tv', 'home_phone', 'moving',
                      'account', 'outage', 'network_change', 'ip_addressing', 'colocation', 'voice', 'other')),
  subject           text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 150),
  description       text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  cc_emails         text[] NOT NULL DEFAULT '{}',
  status            text NOT NULL DEFAULT 'open'
                      CHECK (status IN ('open', 'in_progress', 'waiting_on_customer', 'resolved', 'closed')),
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX support_tickets_customer ON support_tickets (customer_id, updated_at DESC);

-- The conversation of a ticket: the customer's opening message, agents' replies, status changes.
CREATE TABLE support_ticket_updates (
  id          serial PRIMARY KEY,
  ticket_id   integer NOT NULL REFERENCES support_tickets ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  author_kind text NOT NULL CHECK (author_kind IN ('customer', 'agent')),
  author_name text NOT NULL,
  body        text NOT NULL
);
CREATE INDEX support_ticket_updates_ticket ON support_ticket_updates (ticket_id, created_at DESC);

CREATE TABLE support_ticket_attachments (
  ticket_id integer NOT NULL REFERENCES support_tickets ON DELETE CASCADE,
  file_id   integer NOT NULL REFERENCES uploaded_files ON DELETE CASCADE,
  PRIMARY KEY (ticket_id, file_id)
);
