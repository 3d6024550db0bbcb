-- Looking a support ticket up without signing in: a link e-mailed to the address the ticket was opened
-- with ('link': works once, TICKET_LINK_HOURS), and the short view of the ticket that using it opens
-- ('view': TICKET_VIEW_MINUTES; the ticket's conversation will hang from it). Only the SHA-256 of each
-- token is kept. No page of the signed-in layout shows these rows: no revision trigger.
CREATE TABLE support_ticket_links (
  id         serial PRIMARY KEY,
  ticket_id  integer NOT NULL REFERENCES support_tickets ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('link', 'view')),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email      text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at    timestamptz
);
CREATE INDEX support_ticket_links_ticket ON support_ticket_links (ticket_id, purpose, created_at);
