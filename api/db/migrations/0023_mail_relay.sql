-- The mail relay (api/service/mail-relay.ts) sends the outbox through SMTP when SMTP_URL is set. A row is
-- claimed by setting next_attempt_at a minute ahead (several API processes never send it twice), sent,
-- then marked sent with its body blanked (the plain link lived only there). A refusal counts an attempt,
-- keeps the server's words, and waits longer before the next one; after the last attempt the row stays
-- unsent for an operator to see.
ALTER TABLE email_outbox
  ADD COLUMN attempts        integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error      text,
  ADD COLUMN next_attempt_at timestamptz;
