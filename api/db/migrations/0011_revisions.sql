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

CREATE FUNCTION bump_revision(bump_scope text, bump_id integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revisions AS r (scope, id, revision) VALUES (bump_scope, bump_id, 1)
  ON CONFLICT (scope, id) DO UPDATE SET revision = r.revision + 1
$$;

-- A customer's change: its own counter, and its users' (their account lists show its name and kind).
CREATE FUNCTION bump_customer_and_users(customer integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_revision('customer', customer);
  INSERT INTO revisions AS r (scope, id, revision)
    SELECT DISTINCT 'user', user_id, 1 FROM contacts WHERE customer_id = customer AND user_id IS NOT NULL
  ON CONFLICT (scope, id) DO UPDATE SET revision = r.revision + 1;
END
$$;

-- A user's change: their counter, and every account they are a contact of (contact lists show their name).
CREATE FUNCTION bump_user_and_customers(person integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_revision('user', person);
  INSERT INTO revisions AS r (scope, id, revision)
    SELECT DISTINCT 'customer', customer_id, 1 FROM contacts WHERE user_id = person
  ON CONFLICT (scope, id) DO UPDATE SET revision = r.revision + 1;
END
$$;

-- The row trigger. TG_ARGV[0] names the column that leads to the owner, TG_ARGV[1] what it is:
-- customer, user, customer+user (contacts), service, invoice, ticket, contact, order, circuit,
-- customer-row (customers.id), user-row (users.id), staff-row (staff.id), global.
CREATE FUNCTION revisions_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows jsonb[] := ARRAY[]::jsonb[];
  rec jsonb;
  key integer;
  owner integer;
BEGIN
  IF TG_ARGV[1] = 'global' THEN
    PERFORM bump_revision('global', 0);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN rows := rows || to_jsonb(NEW); END IF;
  IF TG_OP <> 'INSERT' THEN rows := rows || to_jsonb(OLD); END IF;
  FOREACH rec IN ARRAY rows LOOP
    key := (rec ->> TG_ARGV[0])::integer;
    CONTINUE WHEN key IS NULL;
    owner := NULL;
    CASE TG_ARGV[1]
      WHEN 'customer' THEN owner := key;
      WHEN 'customer+user' THEN
        owner := key;
        IF rec ->> 'user_id' IS NOT NULL THEN PERFORM bump_revision('user', (rec ->> 'user_id')::integer); END IF;
      WHEN 'user' THEN PERFORM bump_revision('user', key);
      WHEN 'customer-row' THEN
        -- Its users' account lists show only these columns.
        IF TG_OP = 'UPDATE' AND (NEW.contract_name, NEW.is_residential, NEW.is_billing_authoritative, NEW.credit_card_allowed)
             IS NOT DISTINCT FROM (OLD.contract_name, OLD.is_residential, OLD.is_billing_authoritative, OLD.credit_card_allowed) THEN
          owner := key;
        ELSE
          PERFORM bump_customer_and_users(key);
        END IF;
      WHEN 'user-row' THEN PERFORM bump_user_and_customers(key);
      WHEN 'staff-row' THEN
        INSERT INTO revisions AS r (scope, id, revision)
          SELECT 'customer', id, 1 FROM customers WHERE sales_rep_id = key OR success_advocate_id = key
        ON CONFLICT (scope, id) DO UPDATE SET revision = r.revision + 1;
      WHEN 'service' THEN SELECT customer_id INTO owner FROM services WHERE id = key;
      WHEN 'invoice' THEN SELECT customer_id INTO owner FROM invoices WHERE id = key;
      WHEN 'ticket' THEN SELECT customer_id INTO owner FROM support_tickets WHERE id = key;
      WHEN 'contact' THEN SELECT customer_id INTO owner FROM contacts WHERE id = key;
      WHEN 'order' THEN SELECT customer_id INTO owner FROM orders WHERE id = key;
      WHEN 'circuit' THEN
        SELECT s.customer_id INTO owner FROM cabinet_circuits cc JOIN services s ON s.id = cc.service_id WHERE cc.id = key;
    END CASE;
    IF owner IS NOT NULL THEN PERFORM bump_revision('customer', owner); END IF;
  END LOOP;
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
      -- Catalogue tables change rarely and whole: once per statement.
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION revisions_trigger(%L, %L)',
        spec[1] || '_revisions', spec[1], spec[2], spec[3]);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION revisions_trigger(%L, %L)',
        spec[1] || '_revisions', spec[1], spec[2], spec[3]);
    END IF;
  END LOOP;
END
$$;
