// Which IP addresses a request made on someone's behalf may reach: only globally routable unicast
// ones. The ranges are ipaddr.js's (its IANA special-purpose registries, RFC 6890 and successors),
// so loopback, private (RFC 1918), carrier-grade NAT, link-local, multicast, broadcast,
// unspecified, unique-local, documentation, 6to4, Teredo and NAT64 addresses are all refused —
// never range math of our own.
import ipaddr from "npm:ipaddr.js@2.5.0";

/** IPv4-compatible IPv6 (`::a.b.c.d`, deprecated by RFC 4291 §2.5.5.1): ipaddr.js calls it unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Whether `address` (an IPv4 or IPv6 literal, without brackets) is a public unicast address.
 * An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 * Anything that is not an IP address is not public.
 * @example isPublicAddress("142.250.74.106") // true
 * @example isPublicAddress("::ffff:127.0.0.1") // false
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6) {
    if (parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
    else if (parsed.match(IPV4_COMPATIBLE)) return false;
  }
  return parsed.range() === "unicast";
}

/**
 * The IP address a URL's hostname spells, without IPv6 brackets, or null for a DNS name.
 * (`URL` has already turned IPv4 shorthands such as `2130706433` or `0x7f.1` into dotted decimal.)
 */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
