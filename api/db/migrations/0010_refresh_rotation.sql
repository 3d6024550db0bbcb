-- Refresh tokens rotate on every use. The hashes of rotated tokens are kept until their session
-- expires: a rotated token presented again (after a short grace for parallel requests) means it was
-- stolen, and the whole session ends.
ALTER TABLE auth_sessions ADD COLUMN rotated_at timestamptz;

CREATE TABLE auth_refresh_history (
  refresh_token_hash text PRIMARY KEY,
  session_id         text NOT NULL REFERENCES auth_sessions ON DELETE CASCADE,
  rotated_at         timestamptz NOT NULL
);
CREATE INDEX auth_refresh_history_session ON auth_refresh_history (session_id);
