-- Core of the reference API: people who sign in, the customer accounts they are contacts of, the
-- services those accounts hold, and the bills and payments behind a balance.
-- Money is kept in integer cents; the API answers dollars.

CREATE TABLE app_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id                 serial PRIMARY KEY,
  username           text NOT NULL UNIQUE CHECK (username = lower(username)),
  password_hash      text,
  first_name         text NOT NULL,
  last_name          text NOT NULL,
  phone              text,
  preferred_language text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'fr')),
  tour_ended_at      timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- One row a signed-in session: the refresh token (hashed) and whether it was signed out.
CREATE TABLE auth_sessions (
  id                 text PRIMARY KEY,
  user_id            integer NOT NULL REFERENCES users ON DELETE CASCADE,
  refresh_token_hash text NOT NULL UNIQUE,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

-- Sales representatives and customer success advocates of commercial accounts.
CREATE TABLE staff (
  id    serial PRIMARY KEY,
  name  text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL
);

CREATE TABLE customers (
  id                       integer PRIMARY KEY,
  contract_name            text NOT NULL,
  account_number           text NOT NULL UNIQUE,
  is_residential           boolean NOT NULL,
  is_billing_authoritative boolean NOT NULL DEFAULT true,
  credit_card_allowed      boolean NOT NULL DEFAULT true,
  is_house_account         boolean NOT NULL DEFAULT false,
  address_line1            text NOT NULL,
  address_line2            text,
  city                     text NOT NULL,
  province                 text NOT NULL DEFAULT 'ON',
  postal_code              text NOT NULL,
  suspended_for_nonpayment boolean NOT NULL DEFAULT false,
  submitted_proof_of_payment boolean NOT NULL DEFAULT false,
  customer_since           date NOT NULL,
  billing_day              smallint NOT NULL DEFAULT 1 CHECK (billing_day BETWEEN 1 AND 28),
  sales_rep_id             integer REFERENCES staff,
  success_advocate_id      integer REFERENCES staff
);

-- A person named on an account. user_id links the contact to a sign-in once activated.
-- roles: authoritative, billing, notify, support (residential accounts use authoritative, billing, support).
CREATE TABLE contacts (
  id                      serial PRIMARY KEY,
  customer_id             integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  user_id                 integer REFERENCES users ON DELETE SET NULL,
  first_name              text NOT NULL,
  last_name               text NOT NULL,
  email                   text NOT NULL CHECK (email = lower(email)),
  phone                   text,
  status                  text NOT NULL DEFAULT 'pending_activation'
                            CHECK (status IN ('pending_activation', 'activated')),
  roles                   text[] NOT NULL DEFAULT '{}',
  marked_for_deactivation boolean NOT NULL DEFAULT false,
  used_for_tv_go          boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, email)
);
CREATE INDEX contacts_user ON contacts (user_id);

-- A residential bundle at one service address (internet, TV, phone sold together).
CREATE TABLE packages (
  id                  integer PRIMARY KEY,
  customer_id         integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  name                text NOT NULL,
  name_fr             text NOT NULL,
  status              text NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'suspended', 'paused', 'cancelled')),
  monthly_price_cents integer NOT NULL CHECK (monthly_price_cents >= 0),
  address_line1       text NOT NULL,
  address_line2       text,
  city                text NOT NULL,
  province            text NOT NULL DEFAULT 'ON',
  postal_code         text NOT NULL
);
CREATE INDEX packages_customer ON packages (customer_id);

-- One service: residential ones belong to a package; commercial ones carry their own address.
-- category: internet, tv, home_phone, out_and_about (residential);
--           dedicated_internet, wavelength, dark_fibre, colocation, voice (commercial).
-- status: connected, interrupted, paused (residential); up, down, unknown (commercial).
CREATE TABLE services (
  id            integer PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  package_id    integer REFERENCES packages ON DELETE CASCADE,
  category      text NOT NULL,
  name          text NOT NULL,
  name_fr       text NOT NULL,
  status        text NOT NULL CHECK (status IN ('connected', 'interrupted', 'paused', 'up', 'down', 'unknown')),
  platform_id   text,
  address_line1 text,
  address_line2 text,
  city          text,
  province      text,
  postal_code   text,
  details       jsonb NOT NULL DEFAULT '{}',
  activated_on  date NOT NULL
);
CREATE INDEX services_customer ON services (customer_id);

-- WiFi networks of a residential internet service.
CREATE TABLE wifi_networks (
  id         serial PRIMARY KEY,
  service_id integer NOT NULL REFERENCES services ON DELETE CASCADE,
  band       text NOT NULL CHECK (band IN ('2.4GHz', '5GHz', 'guest')),
  ssid       text NOT NULL,
  password   text NOT NULL,
  enabled    boolean NOT NULL DEFAULT true,
  UNIQUE (service_id, band)
);

CREATE TABLE invoices (
  id             serial PRIMARY KEY,
  customer_id    integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  invoice_number text NOT NULL UNIQUE,
  issued_on      date NOT NULL,
  due_on         date NOT NULL,
  period_start   date NOT NULL,
  period_end     date NOT NULL,
  total_cents    integer NOT NULL
);
CREATE INDEX invoices_customer ON invoices (customer_id, issued_on);

CREATE TABLE invoice_lines (
  id          serial PRIMARY KEY,
  invoice_id  integer NOT NULL REFERENCES invoices ON DELETE CASCADE,
  description text NOT NULL,
  description_fr text NOT NULL,
  amount_cents integer NOT NULL
);
CREATE INDEX invoice_lines_invoice ON invoice_lines (invoice_id);

-- method: credit_card, bank (online banking), pad (pre-authorized debit), cheque.
-- type: one_time, autopay.  status: successful, declined, pending.
CREATE TABLE payments (
  id              serial PRIMARY KEY,
  customer_id     integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  paid_at         timestamptz NOT NULL,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  method          text NOT NULL CHECK (method IN ('credit_card', 'bank', 'pad', 'cheque')),
  type            text NOT NULL CHECK (type IN ('one_time', 'autopay')),
  status          text NOT NULL CHECK (status IN ('successful', 'declined', 'pending')),
  transaction_id  text NOT NULL UNIQUE,
  card_brand      text,
  card_last4      text,
  made_by_user_id integer REFERENCES users ON DELETE SET NULL
);
CREATE INDEX payments_customer ON payments (customer_id, paid_at);

-- A pause of a residential package: scheduled (from/until), active while it runs, then ended; a
-- scheduled pause can be edited or removed.
CREATE TABLE service_pauses (
  id          serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  package_id  integer NOT NULL REFERENCES packages ON DELETE CASCADE,
  starts_on   date NOT NULL,
  ends_on     date NOT NULL CHECK (ends_on > starts_on),
  status      text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'active', 'ended', 'removed')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_pauses_customer ON service_pauses (customer_id);
