-- Accounts, services and profile: account preferences, customer-requested suspensions, requests to
-- move, cancel or reactivate a package, and what the profile screens record about a user.

-- Preferences of an account. An account without a row has the defaults (paper bills, English).
CREATE TABLE account_preferences (
  customer_id             integer PRIMARY KEY REFERENCES customers ON DELETE CASCADE,
  paperless_billing       boolean NOT NULL DEFAULT false,
  correspondence_language text NOT NULL DEFAULT 'en' CHECK (correspondence_language IN ('en', 'fr')),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  updated_by              integer REFERENCES users ON DELETE SET NULL
);

-- Why and since when a package is suspended. customer_request: the customer asked for it and may end
-- it (reinstate); non_payment: only paying the balance ends it. At most one open row a package.
CREATE TABLE package_suspensions (
  id           serial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  package_id   integer NOT NULL REFERENCES packages ON DELETE CASCADE,
  reason       text NOT NULL CHECK (reason IN ('customer_request', 'non_payment')),
  started_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  requested_by integer REFERENCES users ON DELETE SET NULL,
  ended_by     integer REFERENCES users ON DELETE SET NULL,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE UNIQUE INDEX package_suspensions_open ON package_suspensions (package_id) WHERE ended_at IS NULL;
CREATE INDEX package_suspensions_customer ON package_suspensions (customer_id);

-- What a customer asked support to do with a package: move it to a new address on a date, cancel it
-- on a date for a reason, or reactivate it (end a pause early, undo a cancellation). Support completes
-- or declines them; the customer may withdraw a pending one. One pending request of a kind a package.
CREATE TABLE service_requests (
  id            serial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  package_id    integer NOT NULL REFERENCES packages ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('move', 'cancel', 'reactivate')),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'withdrawn', 'declined')),
  -- The move date or the cancellation date.
  effective_on  date,
  reason        text CHECK (reason IN ('moving', 'switching_provider', 'price', 'service_quality', 'no_longer_needed', 'other')),
  comment       text,
  -- The new service address of a move.
  address_line1 text,
  address_line2 text,
  city          text,
  province      text,
  postal_code   text,
  requested_by  integer REFERENCES users ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  CHECK (kind <> 'move' OR (effective_on IS NOT NULL AND address_line1 IS NOT NULL AND city IS NOT NULL
                            AND province IS NOT NULL AND postal_code IS NOT NULL)),
  CHECK (kind <> 'cancel' OR (effective_on IS NOT NULL AND reason IS NOT NULL)),
  CHECK ((status = 'pending') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX service_requests_pending ON service_requests (package_id, kind) WHERE status = 'pending';
CREATE INDEX service_requests_customer ON service_requests (customer_id);

-- Who scheduled a pause, and when it was last changed.
ALTER TABLE service_pauses ADD COLUMN requested_by integer REFERENCES users ON DELETE SET NULL;
ALTER TABLE service_pauses ADD COLUMN updated_at timestamptz;
CREATE INDEX service_pauses_package ON service_pauses (package_id, status);

-- How the intro tour ended (skipped or completed), and when the password last changed.
ALTER TABLE users ADD COLUMN tour_skipped boolean;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
