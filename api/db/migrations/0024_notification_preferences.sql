-- Notification preferences (api/service/notify.ts, docs/notifications.md): which mail each contact (a
-- user of a customer account) receives about that account. No row means every kind is on; a row is
-- written the first time the contact (or an unsubscribe link) turns one off. Security mail (recovery,
-- invitations, ticket lookup links) is never governed by these.
CREATE TABLE notification_preferences (
  user_id        integer NOT NULL REFERENCES users ON DELETE CASCADE,
  customer_id    integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  bill_ready     boolean NOT NULL DEFAULT true,
  payments       boolean NOT NULL DEFAULT true,
  autopay        boolean NOT NULL DEFAULT true,
  ticket_replies boolean NOT NULL DEFAULT true,
  outages        boolean NOT NULL DEFAULT true,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (user_id, customer_id)
);
CREATE INDEX notification_preferences_customer ON notification_preferences (customer_id);

-- The unsubscribe link of a preference-governed mail (a portal path), for the relay's List-Unsubscribe
-- header; null for security mail.
ALTER TABLE email_outbox ADD COLUMN unsubscribe_path text;

-- The profile's notification page shows these.
CREATE TRIGGER notification_preferences_revisions_insert AFTER INSERT ON notification_preferences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('user_id', 'user');
CREATE TRIGGER notification_preferences_revisions_update AFTER UPDATE ON notification_preferences
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('user_id', 'user');
CREATE TRIGGER notification_preferences_revisions_delete AFTER DELETE ON notification_preferences
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger('user_id', 'user');
