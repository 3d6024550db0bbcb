-- Service status: outages and planned maintenance of the network (docs/api.md "Service status",
-- docs/decisions/175-incidents-by-area.md). An incident touches areas (postal code prefixes: a province's
-- letter, or a forward sortation area such as M4M) for the kinds of service it names, and services named
-- by id (a business circuit). It is open until resolved; its texts are kept in English and French.
-- The provider's own tools write these rows: the API only reads them.
CREATE TABLE incidents (
  id              serial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('outage', 'maintenance')),
  -- The kinds of service it touches in its areas.
  services        text[] NOT NULL CHECK (cardinality(services) > 0 AND services <@ ARRAY['internet', 'tv', 'phone']),
  summary_en      text NOT NULL,
  summary_fr      text NOT NULL,
  starts_at       timestamptz NOT NULL,
  -- Unknown at first for an outage; a maintenance window's planned end.
  expected_end_at timestamptz CHECK (expected_end_at > starts_at),
  resolved_at     timestamptz,
  resolution_en   text,
  resolution_fr   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((resolved_at IS NULL) = (resolution_en IS NULL) AND (resolved_at IS NULL) = (resolution_fr IS NULL))
);
-- The open incidents (a handful at any time, whatever the provider's size or history): every request
-- path starts from these, and the revision reads the latest start among them.
CREATE INDEX incidents_open ON incidents (starts_at) WHERE resolved_at IS NULL;
-- The recently resolved ones of the public page.
CREATE INDEX incidents_resolved ON incidents (resolved_at) WHERE resolved_at IS NOT NULL;

CREATE TABLE incident_areas (
  incident_id   integer NOT NULL REFERENCES incidents ON DELETE CASCADE,
  -- "M", "M4" or "M4M": upper case, no space; finer prefixes would name a street.
  postal_prefix text NOT NULL CHECK (postal_prefix ~ '^[A-Z]([0-9][A-Z]?)?$'),
  PRIMARY KEY (incident_id, postal_prefix)
);

CREATE TABLE incident_services (
  incident_id integer NOT NULL REFERENCES incidents ON DELETE CASCADE,
  service_id  integer NOT NULL REFERENCES services ON DELETE CASCADE,
  PRIMARY KEY (incident_id, service_id)
);
-- A service removed (its customer's account closed) finds its rows here without reading them all.
CREATE INDEX incident_services_service ON incident_services (service_id);

CREATE TABLE incident_updates (
  id          serial PRIMARY KEY,
  incident_id integer NOT NULL REFERENCES incidents ON DELETE CASCADE,
  posted_at   timestamptz NOT NULL,
  text_en     text NOT NULL,
  text_fr     text NOT NULL
);
CREATE INDEX incident_updates_incident ON incident_updates (incident_id, posted_at);

-- Pages of every account may show an incident: a change raises everyone's revision (migration 0011).
-- Incidents are few and rarely written; finding the accounts of an area on every write would cost more.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['incidents', 'incident_areas', 'incident_services', 'incident_updates'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION revisions_global_trigger()',
      name || '_revisions', name);
  END LOOP;
END
$$;
