-- Card autopay: the card on file can be removed. A removed card is never shown or charged again: its
-- processor token (what could charge it) is dropped; its brand, last four digits and dates stay, the record
-- of what the customer authorized and when. stopped_at is when it last stopped charging (at the latest
-- its removal).
ALTER TABLE autopay_cards DROP CONSTRAINT autopay_cards_status_check;
ALTER TABLE autopay_cards DROP CONSTRAINT autopay_cards_check;
ALTER TABLE autopay_cards ALTER COLUMN processor_token DROP NOT NULL;
ALTER TABLE autopay_cards ADD COLUMN removed_at timestamptz;
ALTER TABLE autopay_cards ADD CONSTRAINT autopay_cards_status_check CHECK (status IN ('active', 'stopped', 'removed'));
ALTER TABLE autopay_cards ADD CONSTRAINT autopay_cards_stopped_check CHECK ((status = 'active') = (stopped_at IS NULL));
ALTER TABLE autopay_cards ADD CONSTRAINT autopay_cards_removed_check
  CHECK ((status = 'removed') = (removed_at IS NOT NULL) AND (status = 'removed') = (processor_token IS NULL));
