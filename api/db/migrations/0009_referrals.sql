-- Referrals of residential accounts: one personal code per account (created on first ask) and the
-- friends referred with it. The referrer sees a friend's first name and last initial only.
CREATE TABLE referral_codes (
  customer_id integer PRIMARY KEY REFERENCES customers ON DELETE CASCADE,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{1,8}-[A-Z0-9]{4}$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE referrals (
  id                   serial PRIMARY KEY,
  referrer_customer_id integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  friend_first_name    text NOT NULL CHECK (char_length(friend_first_name) BETWEEN 1 AND 60),
  friend_last_initial  text NOT NULL CHECK (char_length(friend_last_initial) = 1),
  referred_on          date NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'credited')),
  credited_on          date,
  credit_cents         integer CHECK (credit_cents > 0),
  CHECK ((status = 'credited') = (credited_on IS NOT NULL AND credit_cents IS NOT NULL))
);
CREATE INDEX referrals_by_referrer ON referrals (referrer_customer_id, referred_on DESC);
