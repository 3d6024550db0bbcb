/**
 * The network of a client's address, the only "place" the portal shows for a session: IPv4 /24 and
 * IPv6 /48 (ipaddr.js), never the address itself and never a geo-IP lookup. An IPv4 address mapped
 * into IPv6 ("::ffff:203.0.113.7") is its IPv4 network.
 */
import ipaddr from "ipaddr.js";

export function networkOf(address: string | null | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") {
    const octets = (parsed as ipaddr.IPv4).octets;
    return `${octets[0]}.${octets[1]}.${octets[2]}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  const prefix = new ipaddr.IPv6([parts[0], parts[1], parts[2], 0, 0, 0, 0, 0]);
  return `${prefix.toString()}/48`;
}
