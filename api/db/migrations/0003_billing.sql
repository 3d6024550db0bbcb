-- Billing: automatic payments by card and by pre-authorized debit (PAD), idempotent payment and autopay
-- requests, proof of payment of suspended accounts, and the kind of each invoice line (for subtotals
-- and taxes on the invoice PDF). Card and bank account numbers are never kept: only the brand or the
-- institution and transit, the last four digits, and the payment processor's opaque token.

ALTER TABLE invoice_lines
  ADD COLUMN kind text NOT NULL DEFAULT 'charge' CHECK (kind IN ('charge', 'credit', 'tax'));

-- Card autopay. At most one active card per account; a new card stops the previous one.
CREATE TABLE autopay_cards (
  id              serial PRIMARY KEY,
  customer_id     integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  status          text NOT NULL CHECK (status IN ('active', 'stopped')),
  card_brand      text NOT NULL CHECK (card_brand IN ('visa', 'mastercard', 'amex')),
  card_last4      text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
  expiry_month    smallint NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
  expiry_year     smallint NOT NULL CHECK (expiry_year BETWEEN 2000 AND 2099),
  cardholder_name text NOT NULL,
  processor_token text NOT NULL,
  set_up_at       timestamptz NOT NULL,
  set_up_by       integer REFERENCES users ON DELETE SET NULL,
  stopped_at      timestamptz,
  CHECK ((status = 'stopped') = (stopped_at IS NOT NULL))
);
CREATE UNIQUE INDEX autopay_cards_one_active ON autopay_cards (customer_id) WHERE status = 'active';
CREATE INDEX autopay_cards_customer ON autopay_cards (customer_id, set_up_at);

-- PAD agreements: pending_setup until active_from (the setup notice period after the agreement), then
-- active; a removal request makes it pending_removal until removal_effective_on (the cancellation
-- notice period), then removed. At most one agreement per account that is not removed.
CREATE TABLE autopay_pads (
  id                    serial PRIMARY KEY,
  customer_id           integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  status                text NOT NULL CHECK (status IN ('pending_setup', 'active', 'pending_removal', 'removed')),
  institution_number    text NOT NULL CHECK (institution_number ~ '^[0-9]{3}$'),
  transit_number        text NOT NULL CHECK (transit_number ~ '^[0-9]{5}$'),
  account_last4         text NOT NULL CHECK (account_last4 ~ '^[0-9]{4}$'),
  account_holder        text NOT NULL,
  branch_address        text NOT NULL CHECK (length(branch_address) >= 7),
  processor_token       text NOT NULL,
  void_cheque_file_id   integer REFERENCES uploaded_files ON DELETE SET NULL,
  agreement_accepted_at timestamptz NOT NULL,
  accepted_by           integer REFERENCES users ON DELETE SET NULL,
  active_from           date NOT NULL,
  removal_requested_at  timestamptz,
  removal_effective_on  date,
  CHECK ((status IN ('pending_removal', 'removed')) = (removal_effective_on IS NOT NULL))
);
CREATE UNIQUE INDEX autopay_pads_one_current ON autopay_pads (customer_id) WHERE status <> 'removed';
CREATE INDEX autopay_pads_customer ON autopay_pads (customer_id, agreement_accepted_at);

-- One row a payment or autopay request carrying an Idempotency-Key: what it asked (a fingerprint that
-- leaves out card numbers and security codes) and the answer it got, replayed for the same key.
-- status_code and answer are filled in the same transaction that reserves the key.
CREATE TABLE idempotency_keys (
  user_id         integer NOT NULL REFERENCES users ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  customer_id     integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  endpoint        text NOT NULL,
  fingerprint     text NOT NULL,
  status_code     smallint,
  answer          jsonb,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Proof of payment an account suspended for non-payment sent in (files in uploaded_files).
CREATE TABLE proof_of_payment_submissions (
  id           serial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  note         text CHECK (length(note) <= 1000),
  file_ids     integer[] NOT NULL,
  submitted_by integer REFERENCES users ON DELETE SET NULL,
  submitted_at timestamptz NOT NULL
);
CREATE INDEX proof_of_payment_customer ON proof_of_payment_submissions (customer_id, submitted_at);
