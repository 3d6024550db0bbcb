-- Account access without a password at hand (recovery, first activation), single sign-on from the
-- provider's other applications, OAuth for registered clients, and orders reached by a link.
-- Every secret handed to a person or an application (link tokens, SSO tokens, authorization codes,
-- client secrets, client access tokens) is kept only as a SHA-256 hash.

-- Single-use links sent by e-mail: password recovery (1 hour) and first activation (14 days).
-- A token is spent when used_at is set, and withdrawn (revoked_at) when another one of the same
-- purpose is used for the same person.
CREATE TABLE account_tokens (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('password_recovery', 'account_activation')),
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose, created_at);

-- Mail waiting for delivery. No mail server is part of the reference API: a relay reads unsent rows,
-- sends them (prefixing link_path with the portal's address where the body says {{portal_url}}),
-- and sets sent_at. The plain link exists only here; a relay should blank body_text once delivered.
CREATE TABLE email_outbox (
  id          serial PRIMARY KEY,
  to_address  text NOT NULL,
  template    text NOT NULL,
  language    text NOT NULL CHECK (language IN ('en', 'fr')),
  subject     text NOT NULL,
  body_text   text NOT NULL,
  link_path   text,
  user_id     integer REFERENCES users ON DELETE SET NULL,
  created_at  timestamptz NOT NULL,
  sent_at     timestamptz
);
CREATE INDEX email_outbox_unsent ON email_outbox (created_at) WHERE sent_at IS NULL;

-- Legal texts shown to customers: the portal's terms of use (accepted at activation) and service
-- agreements (accepted per order). sections: [{ "heading": {en, fr}, "body": {en, fr} }, ...].
CREATE TABLE legal_documents (
  id           text PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('portal_terms', 'service_agreement')),
  version      text NOT NULL,
  title        text NOT NULL,
  title_fr     text NOT NULL,
  effective_on date NOT NULL,
  sections     jsonb NOT NULL,
  UNIQUE (kind, version)
);

CREATE TABLE terms_acceptances (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  document_id text NOT NULL REFERENCES legal_documents,
  accepted_at timestamptz NOT NULL,
  UNIQUE (user_id, document_id)
);

-- One-time tokens that let a signed-in user of another of the provider's applications arrive in the
-- portal signed in (2 minutes, single use). client_id: the OAuth client that asked, null for a
-- portal session.
CREATE TABLE sso_tokens (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  client_id   text,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Applications allowed to ask customers for access (authorization code grant). Redirect URIs are
-- compared as exact strings; scopes are those the client may ask for.
CREATE TABLE oauth_clients (
  client_id     text PRIMARY KEY CHECK (client_id ~ '^[a-z0-9][a-z0-9-]{2,63}$'),
  name          text NOT NULL,
  name_fr       text NOT NULL,
  secret_hash   text NOT NULL,
  redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) > 0),
  scopes        text[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  disabled_at   timestamptz
);

-- Authorization codes: single use, 10 minutes, bound to client, user, redirect URI and scopes, with an
-- optional PKCE challenge (S256).
CREATE TABLE oauth_authorization_codes (
  id                    serial PRIMARY KEY,
  code_hash             text NOT NULL UNIQUE,
  client_id             text NOT NULL REFERENCES oauth_clients ON DELETE CASCADE,
  user_id               integer NOT NULL REFERENCES users ON DELETE CASCADE,
  redirect_uri          text NOT NULL,
  scopes                text[] NOT NULL,
  code_challenge        text,
  created_at            timestamptz NOT NULL,
  expires_at            timestamptz NOT NULL,
  used_at               timestamptz
);

-- Access tokens of clients (opaque, 1 hour). They open only the OAuth endpoints (userinfo, SSO
-- hand-over), never the portal's own endpoints.
CREATE TABLE oauth_access_tokens (
  id          serial PRIMARY KEY,
  token_hash  text NOT NULL UNIQUE,
  client_id   text NOT NULL REFERENCES oauth_clients ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  code_id     integer REFERENCES oauth_authorization_codes ON DELETE SET NULL,
  scopes      text[] NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX oauth_access_tokens_code ON oauth_access_tokens (code_id);

-- Orders taken by sales agents, which the customer follows through links (summary, appointment
-- confirmation, hand-over, service agreement). status is open until installed (completed) or cancelled;
-- where an open order stands comes from its agreement and appointment columns.
CREATE TABLE orders (
  id                      integer PRIMARY KEY,
  order_number            text NOT NULL UNIQUE,
  customer_id             integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  status                  text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled')),
  placed_at               timestamptz NOT NULL,
  sales_agent_id          integer REFERENCES staff,
  address_line1           text NOT NULL,
  address_line2           text,
  city                    text NOT NULL,
  province                text NOT NULL DEFAULT 'ON',
  postal_code             text NOT NULL,
  tax_name                text NOT NULL,
  tax_name_fr             text NOT NULL,
  tax_rate_bp             integer NOT NULL CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  agreement_document_id   text NOT NULL REFERENCES legal_documents,
  agreement_accepted_at   timestamptz,
  agreement_language      text CHECK (agreement_language IN ('en', 'fr')),
  appointment_window_id   integer,
  appointment_confirmed_at timestamptz
);
CREATE INDEX orders_customer ON orders (customer_id);

CREATE TABLE order_items (
  id                   serial PRIMARY KEY,
  order_id             integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  position             smallint NOT NULL,
  name                 text NOT NULL,
  name_fr              text NOT NULL,
  monthly_price_cents  integer NOT NULL CHECK (monthly_price_cents >= 0),
  one_time_price_cents integer NOT NULL CHECK (one_time_price_cents >= 0),
  UNIQUE (order_id, position)
);

-- Installation windows offered for an order; orders.appointment_window_id is the one booked.
CREATE TABLE order_appointment_windows (
  id        serial PRIMARY KEY,
  order_id  integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at   timestamptz NOT NULL CHECK (ends_at > starts_at),
  UNIQUE (order_id, starts_at),
  UNIQUE (id, order_id)
);
-- The booked window must be one of the order's own.
ALTER TABLE orders
  ADD CONSTRAINT orders_appointment_window FOREIGN KEY (appointment_window_id, id)
  REFERENCES order_appointment_windows (id, order_id);

-- Links to an order's pages. A token opens one page (purpose) of one order until it expires.
CREATE TABLE order_tokens (
  id          serial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('summary', 'confirmation', 'handoff', 'agreement')),
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX order_tokens_order ON order_tokens (order_id, purpose);
