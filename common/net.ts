/**
 * IP and MAC addresses, one module for the router forms of the portal (app/schemas/router.ts, run in the
 * browser and on the server) and for the API that checks them again (api/service/router*.ts, endpoints.ts):
 * a value the browser accepts is one the API accepts. ipaddr.js parses and classifies; this module adds
 * the strict spellings a form takes and the arithmetic of a LAN (docs/decisions/165-one-mac-spelling-set.md).
 *
 * IPv4 addresses are handled as 32-bit unsigned numbers (compared, sorted, masked); IP blocks of either
 * family as a bigint with their family. Browser-safe: no Node.js module.
 */
import ipaddr from "ipaddr.js";

// ---------------------------------------------------------------------------------------------------
// IPv4

/**
 * A dotted IPv4 address as a 32-bit unsigned number, or null: exactly four decimal parts of 0 to 255
 * without leading zeros, spaces around trimmed. ipaddr.js also reads "10.1", "0x0a.0.0.1" or "012.0.0.1"
 * (octal); a form takes none of those.
 */
export function parseIpv4(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (!ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return null;
  return ipaddr.IPv4.parse(trimmed).octets.reduce((value, octet) => value * 256 + octet, 0);
}

const octetsOf = (value: number) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256);

/** A 32-bit number as a dotted IPv4 address. */
export const formatIpv4 = (value: number): string => new ipaddr.IPv4(octetsOf(value)).toString();

/** The prefix length of a subnet mask whose ones are contiguous (255.255.255.0: 24), or null. */
export const maskPrefix = (mask: number): number | null => new ipaddr.IPv4(octetsOf(mask)).prefixLengthFromSubnetMask();

/** A subnet by its first (network) and last (broadcast) addresses. */
export interface Subnet {
  network: number;
  broadcast: number;
}

/** The subnet an address is in, by its mask. */
export function subnetOf(ip: number, mask: number): Subnet {
  const network = (ip & mask) >>> 0;
  return { network, broadcast: (network | (~mask >>> 0)) >>> 0 };
}

/** A usable host address of the subnet (not its network or broadcast address). */
export const isHostOf = (subnet: Subnet, ip: number): boolean => ip > subnet.network && ip < subnet.broadcast;

/** Inside 10/8, 172.16/12 or 192.168/16 (RFC 1918). */
export const isPrivateIpv4 = (ip: number): boolean => new ipaddr.IPv4(octetsOf(ip)).range() === "private";

// ---------------------------------------------------------------------------------------------------
// IPv4 and IPv6 (IP blocks)

export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/**
 * An IPv4 address (as parseIpv4, untrimmed) or an IPv6 address (groups of at most four hex digits; it may
 * end in a dotted IPv4 part), as a number; null when it is neither. Refused too: a zone index ("%eth0"),
 * and the deprecated IPv4-compatible "::a.b.c.d", which ipaddr.js would read as "::ffff:a.b.c.d".
 */
export function parseIp(text: string): IpAddress | null {
  if (!text.includes(":")) {
    const v4 = text === text.trim() ? parseIpv4(text) : null;
    return v4 === null ? null : { family: 4, value: BigInt(v4) };
  }
  if (text.includes("%") || /[0-9a-f]{5}/i.test(text) || !ipaddr.IPv6.isValid(text)) return null;
  const dotted = /:([^:]*\.[^:]*)$/.exec(text);
  if (dotted && (!ipaddr.IPv4.isValidFourPartDecimal(dotted[1]) || /^::[^:]*$/.test(text))) return null;
  const bytes = ipaddr.IPv6.parse(text).toByteArray();
  return { family: 6, value: bytes.reduce((sum, byte) => (sum << 8n) + BigInt(byte), 0n) };
}

/** An address as text: dotted IPv4, or IPv6 as RFC 5952 recommends (lower case, longest zero run as "::"). */
export function formatIp(address: IpAddress): string {
  const length = address.family === 4 ? 4 : 16;
  const bytes = Array.from({ length }, (_, i) => Number((address.value >> BigInt((length - 1 - i) * 8)) & 0xffn));
  return ipaddr.fromByteArray(bytes).toString();
}

// ---------------------------------------------------------------------------------------------------
// MAC addresses

/**
 * The spellings of a MAC address a form and the API accept, one separator throughout, any case:
 * colons (AA:BB:CC:DD:EE:FF), hyphens (AA-BB-CC-DD-EE-FF), Cisco's dotted groups (aabb.ccdd.eeff) and
 * twelve bare hex digits (AABBCCDDEEFF). Mixtures (AABB:CCDD.EEFF, AA:BB-CC:DD-EE:FF) are refused.
 */
const MAC_SPELLINGS = [
  /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/i,
  /^[0-9A-F]{2}(-[0-9A-F]{2}){5}$/i,
  /^[0-9A-F]{4}(\.[0-9A-F]{4}){2}$/i,
  /^[0-9A-F]{12}$/i,
];

/** A MAC address as stored and shown (AA:BB:CC:DD:EE:FF), or null when it is none of MAC_SPELLINGS. */
export function normalizeMac(text: string | null | undefined): string | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (!MAC_SPELLINGS.some((spelling) => spelling.test(trimmed))) return null;
  return trimmed.replace(/[:.-]/g, "").toUpperCase().match(/../g)!.join(":");
}
