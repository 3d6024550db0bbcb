-- The settling job (api/service/settle.ts) finds what came due without reading every row: pending
-- payments, open pauses and PAD agreements in a notice period are few among all rows.
CREATE INDEX payments_pending ON payments (customer_id) WHERE status = 'pending';
CREATE INDEX service_pauses_open ON service_pauses (starts_on, ends_on) WHERE status IN ('scheduled', 'active');
CREATE INDEX autopay_pads_pending ON autopay_pads (customer_id) WHERE status IN ('pending_setup', 'pending_removal');
