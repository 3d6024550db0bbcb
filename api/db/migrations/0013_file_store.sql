-- Uploaded files' bytes live in the file store (files under DATA_DIR/uploads: api/service/file-store.ts),
-- written as they stream in; a row keeps the type detected from the content, the size, the SHA-256 and
-- the storage key. Bytes of rows written before this still sit in `content` until the API's start-up
-- moves them to the store (moveContentsToStore in api/service/files.ts); a row has one or the other.
ALTER TABLE uploaded_files
  ALTER COLUMN content DROP NOT NULL,
  ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN storage_key text UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$');
UPDATE uploaded_files SET sha256 = encode(sha256(content), 'hex');
ALTER TABLE uploaded_files
  ALTER COLUMN sha256 SET NOT NULL,
  ADD CONSTRAINT uploaded_files_bytes_in_one_place CHECK ((storage_key IS NULL) <> (content IS NULL));
