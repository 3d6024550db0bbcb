-- Automatic charges: the settling job (api/service/autopay-charges.ts) charges each bill once, by the
-- account's card or pre-authorized debit, on the method's charge date, for what is still owed then (the
-- balance less pending payments). One row per bill that came to its charge date, whether or not there
-- was anything left to charge (amount_cents 0, no payment): a bill is never charged twice.
CREATE TABLE autopay_charges (
  id           serial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  invoice_id   integer NOT NULL UNIQUE REFERENCES invoices ON DELETE CASCADE,
  method       text NOT NULL CHECK (method IN ('credit_card', 'pad')),
  charge_on    date NOT NULL,
  charged_at   timestamptz NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  payment_id   integer REFERENCES payments ON DELETE SET NULL
);
CREATE INDEX autopay_charges_customer ON autopay_charges (customer_id, charge_on);
-- Its account's revision moves with it (migration 0011), as with every table a page could show.
CREATE TRIGGER autopay_charges_revisions_insert AFTER INSERT ON autopay_charges REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('customer_id', 'customer');
CREATE TRIGGER autopay_charges_revisions_update AFTER UPDATE ON autopay_charges REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('customer_id', 'customer');
CREATE TRIGGER autopay_charges_revisions_delete AFTER DELETE ON autopay_charges REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('customer_id', 'customer');

-- How far the job got: every charge date up to charged_through is done. One row, written by the job's
-- first run with its own day, so that charge dates that passed before the job existed are not charged
-- after the fact (a demo database starts with its history already settled). The job's own bookkeeping,
-- which no page shows: no revision trigger.
CREATE TABLE autopay_charge_progress (
  singleton       boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  charged_through date NOT NULL
);
