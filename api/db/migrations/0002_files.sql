-- Files customers upload (void cheques, proof of payment, support attachments). The content is kept
-- in the database so that every API process sees it; its type was checked from the bytes themselves.
CREATE TABLE uploaded_files (
  id          serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('void_cheque', 'proof_of_payment', 'support_attachment')),
  file_name   text NOT NULL,
  media_type  text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/bmp', 'application/pdf')),
  size_bytes  integer NOT NULL CHECK (size_bytes > 0),
  content     bytea NOT NULL,
  uploaded_by integer REFERENCES users ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploaded_files_customer ON uploaded_files (customer_id);
