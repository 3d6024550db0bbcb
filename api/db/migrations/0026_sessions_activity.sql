-- Where a customer is signed in: each session's browser (user agent, as sent at sign-in) and the
-- network of its address (IPv4 /24, IPv6 /48: no finer place is kept), and when it was last seen
-- (set at sign-in and on every refresh, not on every request).
ALTER TABLE auth_sessions ADD COLUMN user_agent text;
ALTER TABLE auth_sessions ADD COLUMN network text;
ALTER TABLE auth_sessions ADD COLUMN last_seen_at timestamptz;

-- The activity log of an account: who did what and when (api/service/activity.ts), written in the
-- transaction of the change it describes, kept two years (the settling job purges older rows).
CREATE TABLE activity_log (
  id            bigserial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  actor_user_id integer REFERENCES users ON DELETE SET NULL,
  kind          text NOT NULL,
  details       jsonb NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_customer_time ON activity_log (customer_id, created_at DESC, id DESC);
CREATE INDEX activity_log_created ON activity_log (created_at);
-- The activity page is answered 304 while its account's revision holds: an event raises it (the change it
-- records does too, in the same transaction; a sign-in from a new device only through this).
CREATE TRIGGER activity_log_revisions_insert AFTER INSERT ON activity_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('customer_id', 'customer');
CREATE TRIGGER activity_log_revisions_delete AFTER DELETE ON activity_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('customer_id', 'customer');
