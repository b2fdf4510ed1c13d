import { BlockList, isIP } from "node:net";

/** The reverse proxies whose forwarded headers the gateway believes. */
export interface TrustedProxies {
  /** The CIDRs as given, normalised (`10.0.0.0/8`, `::1/128`). */
  readonly cidrs: readonly string[];
  /** True when `address` (IPv4, IPv6 or IPv4-mapped IPv6) lies in one of the CIDRs. */
  contains(address: string): boolean;
}

/** Trusts nobody: forwarded headers are ignored and the socket address counts. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { cidrs: [], contains: () => false };

/** `::ffff:10.0.0.1` (how Node reports IPv4 on a dual-stack socket) → `10.0.0.1`. */
export function unmapIpv4(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/**
 * Parses a comma-separated CIDR list (`127.0.0.1/32, 10.0.0.0/8, ::1`); a bare address is a single
 * host. Throws a RangeError naming the first entry that is not an IP address or CIDR.
 * @example parseTrustedProxies("127.0.0.1, 10.0.0.0/8").contains("10.1.2.3") // true
 */
export function parseTrustedProxies(list: string): TrustedProxies {
  const blocks = new BlockList();
  const cidrs: string[] = [];
  for (const entry of list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")) {
    const [address = "", prefixText, ...rest] = entry.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (family === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) {
      throw new RangeError(`"${entry}" is not an IP address or CIDR (like 10.0.0.0/8 or ::1/128)`);
    }
    blocks.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
    cidrs.push(`${address}/${prefix}`);
  }
  return {
    cidrs,
    contains(address) {
      const plain = unmapIpv4(address);
      const family = isIP(plain);
      if (family === 0) return false;
      return blocks.check(plain, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
