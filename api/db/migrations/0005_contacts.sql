-- Contact activation: the single-use links sent to a contact who was added to an account. Their e-mails
-- go to email_outbox (0006_auth_flows.sql), the outbox an operator wires to a mail server.

-- One activation link. Only the SHA-256 of the token is kept (hex), so a copy of the database does not
-- activate anyone. A link is live while used_at and revoked_at are null and expires_at is in the future;
-- sending a new link (resend) revokes the previous ones; five wrong passwords revoke it too.
CREATE TABLE contact_activations (
  id              serial PRIMARY KEY,
  contact_id      integer NOT NULL REFERENCES contacts ON DELETE CASCADE,
  token_hash      text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at         timestamptz,
  revoked_at      timestamptz,
  failed_attempts smallint NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  sent_by_user_id integer REFERENCES users ON DELETE SET NULL
);
CREATE INDEX contact_activations_contact ON contact_activations (contact_id, created_at);
