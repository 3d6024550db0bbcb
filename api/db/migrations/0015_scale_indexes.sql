-- Reads that must not grow with the provider (tests/scale: no table of more than 10,000 rows read whole
-- on a request path). A package's services, by the package: its internet service for the WiFi and
-- router pages, its services' status following the package's (suspend, reinstate, pauses).
CREATE INDEX services_package ON services (package_id);
