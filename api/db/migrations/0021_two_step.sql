-- Two-step verification (api/service/two-step.ts): a customer's authenticator secret, sealed with
-- AES-256-GCM under TWO_STEP_KEY (api/service/two-step-secrets.ts; the column never holds the base32
-- secret), set up first (enabled_at null) and in force once a first code confirmed it; ten recovery
-- codes, each kept as a salted SHA-256 and usable once; and the bookkeeping of code checks (the last
-- time step accepted, so that a code is never accepted twice, and the failures of the current window),
-- which no page shows (no revision trigger).
CREATE TABLE two_step_secrets (
  user_id       integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  created_at    timestamptz NOT NULL,
  enabled_at    timestamptz
);

CREATE TABLE two_step_recovery_codes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users ON DELETE CASCADE,
  salt       text NOT NULL,
  code_hash  text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX two_step_recovery_codes_user ON two_step_recovery_codes (user_id);

CREATE TABLE two_step_checks (
  user_id        integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  last_step      bigint,
  failures       integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  failures_since timestamptz
);

-- The profile page shows whether two-step verification is on and how many recovery codes are left.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['two_step_secrets', 'two_step_recovery_codes'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
      name || '_revisions_insert', name, 'user_id', 'user');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
      name || '_revisions_update', name, 'user_id', 'user');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
      name || '_revisions_delete', name, 'user_id', 'user');
  END LOOP;
END
$$;
