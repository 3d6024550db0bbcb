-- A router's latest restart asked through the API (POST /router/{serviceId}/restart): when it started,
-- when the router is back online (started + the service's restart duration), and who asked. While
-- restart_back_at is in the future the router is restarting; once passed, it came back then. The
-- routers table's revision triggers (0011) cover these columns.
ALTER TABLE routers ADD COLUMN restart_started_at timestamptz;
ALTER TABLE routers ADD COLUMN restart_back_at timestamptz;
ALTER TABLE routers ADD COLUMN restart_requested_by integer REFERENCES users ON DELETE SET NULL;
ALTER TABLE routers ADD CONSTRAINT routers_restart_check
  CHECK ((restart_started_at IS NULL) = (restart_back_at IS NULL) AND restart_back_at >= restart_started_at);
