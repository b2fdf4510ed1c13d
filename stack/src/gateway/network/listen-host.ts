import { isIP } from "node:net";

/**
 * Checks a listen address: an IPv4 or IPv6 literal (`127.0.0.1`, `0.0.0.0`, `::`), or `localhost`.
 * Throws a RangeError saying what is accepted.
 * @example parseListenHost(" 0.0.0.0 ") // "0.0.0.0"
 */
export function parseListenHost(value: string): string {
  const host = value.trim();
  if (host === "localhost" || isIP(host) !== 0) return host;
  throw new RangeError(`"${value}" is not an IP address to listen on (like 127.0.0.1, 0.0.0.0 or ::)`);
}
