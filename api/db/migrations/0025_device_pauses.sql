-- A device's internet paused on the router (/router/{serviceId}/device-pauses/{mac}/…), one row per
-- device (its MAC) of a router: paused now until a contact resumes it (paused_at), and/or a weekly
-- schedule (days ISO 1 = Monday … 7 = Sunday, from and to as "HH:MM" in the customer's time zone,
-- America/Toronto; to before from crosses midnight into the next day). Reads compare the schedule
-- with the service clock; nothing settles it. The API deletes a row left with neither.
CREATE TABLE device_pauses (
  service_id    integer NOT NULL REFERENCES routers (service_id) ON DELETE CASCADE,
  mac_address   text NOT NULL,
  paused_at     timestamptz,
  schedule_days smallint[],
  schedule_from text CHECK (schedule_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  schedule_to   text CHECK (schedule_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_at    timestamptz NOT NULL,
  updated_by    integer REFERENCES users ON DELETE SET NULL,
  PRIMARY KEY (service_id, mac_address),
  CHECK ((schedule_days IS NULL) = (schedule_from IS NULL) AND (schedule_from IS NULL) = (schedule_to IS NULL)),
  CHECK (schedule_from IS NULL OR schedule_from <> schedule_to)
);
-- Its account's revision moves with it (migration 0011), as with every table a page could show.
CREATE TRIGGER device_pauses_revisions_insert AFTER INSERT ON device_pauses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('service_id', 'service');
CREATE TRIGGER device_pauses_revisions_update AFTER UPDATE ON device_pauses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('service_id', 'service');
CREATE TRIGGER device_pauses_revisions_delete AFTER DELETE ON device_pauses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('service_id', 'service');
