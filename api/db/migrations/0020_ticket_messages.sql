-- Ticket conversations (docs/support.md, "A request's page"): the customer reads the messages of both
-- sides, replies with attachments, closes a ticket and reopens it within TICKET_REOPEN_DAYS of closing.
--
--  - support_ticket_updates.author_user_id: the sign-in that wrote a customer's message (the portal says
--    "You" for one's own); the opener for the messages written before (only opening a ticket wrote one).
--  - support_ticket_attachments.update_id: the message a file came with; the opening message for the
--    files of before. Every ticket has its opening message (one is written from its description where
--    it was missing), so every file has one.
--  - support_tickets.closed_at: when a closed ticket was closed (set exactly while it is closed; the
--    last update of a ticket closed before).
-- The three tables' revision triggers (0011) cover these columns.
ALTER TABLE support_ticket_updates ADD COLUMN author_user_id integer REFERENCES users ON DELETE SET NULL;

INSERT INTO support_ticket_updates (ticket_id, created_at, author_kind, author_name, body, author_user_id)
SELECT t.id, t.created_at, 'customer', coalesce(u.first_name || ' ' || u.last_name, 'Customer'), t.description, t.opened_by
  FROM support_tickets t LEFT JOIN users u ON u.id = t.opened_by
 WHERE NOT EXISTS (SELECT 1 FROM support_ticket_updates x WHERE x.ticket_id = t.id);

UPDATE support_ticket_updates m SET author_user_id = t.opened_by
  FROM support_tickets t
 WHERE t.id = m.ticket_id AND m.author_kind = 'customer' AND m.author_user_id IS NULL;
ALTER TABLE support_ticket_updates ADD CONSTRAINT support_ticket_updates_author_user_check
  CHECK (author_kind = 'customer' OR author_user_id IS NULL);

ALTER TABLE support_ticket_attachments ADD COLUMN update_id integer REFERENCES support_ticket_updates ON DELETE CASCADE;
UPDATE support_ticket_attachments a SET update_id = (
  SELECT m.id FROM support_ticket_updates m WHERE m.ticket_id = a.ticket_id ORDER BY m.created_at, m.id LIMIT 1
);
ALTER TABLE support_ticket_attachments ALTER COLUMN update_id SET NOT NULL;
CREATE INDEX support_ticket_attachments_update ON support_ticket_attachments (update_id);

ALTER TABLE support_tickets ADD COLUMN closed_at timestamptz;
UPDATE support_tickets SET closed_at = updated_at WHERE status = 'closed';
ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_closed_check CHECK ((status = 'closed') = (closed_at IS NOT NULL));
