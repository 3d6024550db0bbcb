-- The customer's controls of the home network. On the router's row (PUT /router/{serviceId}/upnp):
-- whether UPnP is on (routers ship with it on), and when a contact last changed it and who. While it is
-- off the router keeps no UPnP mapping: the API answers none (the rows stay, as devices would open them
-- again). The routers table's revision triggers (0011) cover these columns.
ALTER TABLE routers ADD COLUMN upnp_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE routers ADD COLUMN upnp_updated_at timestamptz;
ALTER TABLE routers ADD COLUMN upnp_updated_by integer REFERENCES users ON DELETE SET NULL;

-- A WiFi network's time limit (PUT /wifi/{packageId} with guest_hours, the guest network): when it turns
-- itself off. Reads compare it with the service clock (enabled and off_at passed = off); nothing settles it.
ALTER TABLE wifi_networks ADD COLUMN off_at timestamptz;
