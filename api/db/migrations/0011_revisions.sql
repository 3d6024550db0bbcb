-- Revisions: a counter per customer, per user and one for the whole catalogue, raised by triggers on
-- every table whose rows a portal page can show. GET /revision answers them, so that the portal can
-- answer "304 Not Modified" for a page whose data has not changed, and knows when it has, whichever
-- portal process handled the write. Rows are never deleted and carry no foreign key: a bump from a
-- cascade (a customer being deleted) must not fail.
CREATE TABLE revisions (
  scope    text NOT NULL CHECK (scope IN ('global', 'customer', 'user')),
  id       integer NOT NULL,
  revision bigint NOT NULL,
  PRIMARY KEY (scope, id)
);

-- Raises the counters of these owners (each once, however many rows of theirs a statement touched).
CREATE FUNCTION bump_revisions(bump_scope text, ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revisions AS r (scope, id, revision)
    SELECT DISTINCT bump_scope, owner, 1 FROM unnest(ids) AS owner WHERE owner IS NOT NULL
  ON CONFLICT (scope, id) DO UPDATE SET revision = r.revision + 1
$$;

-- The statement trigger (one run per statement, not per row: the demo seed inserts tens of thousands of
-- samples). TG_ARGV[0] names the column that leads to the owner, TG_ARGV[1] what it is: customer, user,
-- customer+user (contacts), service, invoice, ticket, contact, order, circuit, customer-row
-- (customers.id), user-row (users.id), staff-row (staff.id). The changed rows are the statement's
-- transition tables, new_rows and old_rows.
CREATE FUNCTION revisions_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[1];
  keys integer[] := ARRAY[]::integer[];
  users integer[] := ARRAY[]::integer[];
  owners integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || ARRAY(SELECT DISTINCT (to_jsonb(n) ->> TG_ARGV[0])::integer FROM new_rows n);
    IF kind = 'customer+user' THEN users := users || ARRAY(SELECT DISTINCT n.user_id FROM new_rows n); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || ARRAY(SELECT DISTINCT (to_jsonb(o) ->> TG_ARGV[0])::integer FROM old_rows o);
    IF kind = 'customer+user' THEN users := users || ARRAY(SELECT DISTINCT o.user_id FROM old_rows o); END IF;
  END IF;
  CASE kind
    WHEN 'customer', 'customer+user' THEN owners := keys;
    WHEN 'user' THEN users := keys;
    WHEN 'service' THEN owners := ARRAY(SELECT customer_id FROM services WHERE id = ANY (keys));
    WHEN 'invoice' THEN owners := ARRAY(SELECT customer_id FROM invoices WHERE id = ANY (keys));
    WHEN 'ticket' THEN owners := ARRAY(SELECT customer_id FROM support_tickets WHERE id = ANY (keys));
    WHEN 'contact' THEN owners := ARRAY(SELECT customer_id FROM contacts WHERE id = ANY (keys));
    WHEN 'order' THEN owners := ARRAY(SELECT customer_id FROM orders WHERE id = ANY (keys));
    WHEN 'circuit' THEN
      owners := ARRAY(SELECT s.customer_id FROM cabinet_circuits cc JOIN services s ON s.id = cc.service_id WHERE cc.id = ANY (keys));
    WHEN 'customer-row' THEN
      owners := keys;
      -- Their users' account lists show only these columns of an account.
      IF TG_OP = 'UPDATE' THEN
        keys := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                       WHERE (n.contract_name, n.is_residential, n.is_billing_authoritative, n.credit_card_allowed)
                             IS DISTINCT FROM (o.contract_name, o.is_residential, o.is_billing_authoritative, o.credit_card_allowed));
      END IF;
      users := ARRAY(SELECT user_id FROM contacts WHERE customer_id = ANY (keys) AND user_id IS NOT NULL);
    WHEN 'user-row' THEN
      -- Contact lists of their accounts show their name.
      users := keys;
      owners := ARRAY(SELECT customer_id FROM contacts WHERE user_id = ANY (keys));
    WHEN 'staff-row' THEN
      owners := ARRAY(SELECT id FROM customers WHERE sales_rep_id = ANY (keys) OR success_advocate_id = ANY (keys));
  END CASE;
  PERFORM bump_revisions('customer', owners);
  PERFORM bump_revisions('user', users);
  RETURN NULL;
END
$$;

-- Catalogue tables: one global counter.
CREATE FUNCTION revisions_global_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_revisions('global', ARRAY[0]);
  RETURN NULL;
END
$$;

-- Which tables, and how each leads to its owner. Not here: sign-in and token bookkeeping
-- (auth_sessions, auth_refresh_history, account_tokens, sso_tokens, oauth codes and tokens,
-- idempotency_keys, email_outbox), which no page shows; a session that ends makes GET /revision
-- answer 401, so the portal renders (and redirects to sign-in) again.
DO $$
DECLARE
  spec text[];
BEGIN
  FOREACH spec SLICE 1 IN ARRAY ARRAY[
    ['customers', 'id', 'customer-row'],
    ['users', 'id', 'user-row'],
    ['staff', 'id', 'staff-row'],
    ['contacts', 'customer_id', 'customer+user'],
    ['packages', 'customer_id', 'customer'],
    ['services', 'customer_id', 'customer'],
    ['invoices', 'customer_id', 'customer'],
    ['payments', 'customer_id', 'customer'],
    ['service_pauses', 'customer_id', 'customer'],
    ['uploaded_files', 'customer_id', 'customer'],
    ['autopay_cards', 'customer_id', 'customer'],
    ['autopay_pads', 'customer_id', 'customer'],
    ['proof_of_payment_submissions', 'customer_id', 'customer'],
    ['account_preferences', 'customer_id', 'customer'],
    ['package_suspensions', 'customer_id', 'customer'],
    ['service_requests', 'customer_id', 'customer'],
    ['orders', 'customer_id', 'customer'],
    ['support_tickets', 'customer_id', 'customer'],
    ['referral_codes', 'customer_id', 'customer'],
    ['referrals', 'referrer_customer_id', 'customer'],
    ['terms_acceptances', 'user_id', 'user'],
    ['invoice_lines', 'invoice_id', 'invoice'],
    ['support_ticket_updates', 'ticket_id', 'ticket'],
    ['support_ticket_attachments', 'ticket_id', 'ticket'],
    ['contact_activations', 'contact_id', 'contact'],
    ['order_items', 'order_id', 'order'],
    ['order_appointment_windows', 'order_id', 'order'],
    ['wifi_networks', 'service_id', 'service'],
    ['routers', 'service_id', 'service'],
    ['router_interface_counters', 'service_id', 'service'],
    ['port_forwarding_rules', 'service_id', 'service'],
    ['upnp_mappings', 'service_id', 'service'],
    ['dhcp_leases', 'service_id', 'service'],
    ['dhcp_reservations', 'service_id', 'service'],
    ['network_access_points', 'service_id', 'service'],
    ['network_devices', 'service_id', 'service'],
    ['tv_services', 'service_id', 'service'],
    ['tv_service_theme_packs', 'service_id', 'service'],
    ['set_top_boxes', 'service_id', 'service'],
    ['network_endpoints', 'service_id', 'service'],
    ['ip_blocks', 'service_id', 'service'],
    ['endpoint_alerts', 'service_id', 'service'],
    ['bandwidth_samples', 'service_id', 'service'],
    ['cabinets', 'service_id', 'service'],
    ['cabinet_circuits', 'service_id', 'service'],
    ['power_samples', 'circuit_id', 'circuit'],
    ['app_settings', '', 'global'],
    ['legal_documents', '', 'global'],
    ['tv_channels', '', 'global'],
    ['tv_lineups', '', 'global'],
    ['tv_lineup_channels', '', 'global'],
    ['tv_theme_packs', '', 'global'],
    ['tv_theme_pack_channels', '', 'global']
  ] LOOP
    IF spec[3] = 'global' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION revisions_global_trigger()',
        spec[1] || '_revisions', spec[1]);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
        spec[1] || '_revisions_insert', spec[1], spec[2], spec[3]);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
        spec[1] || '_revisions_update', spec[1], spec[2], spec[3]);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
        spec[1] || '_revisions_delete', spec[1], spec[2], spec[3]);
    END IF;
  END LOOP;
END
$$;
