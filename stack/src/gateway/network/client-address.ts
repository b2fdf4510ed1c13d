import { isIP } from "node:net";
import { unmapIpv4, type TrustedProxies } from "./trusted-proxies.ts";

/** Who sent a request, as far as the gateway can tell. */
export interface ClientAddress {
  /** The client's IP address: the socket's, or the right-most untrusted X-Forwarded-For hop. */
  ip: string | null;
  /** True when the request reached the first trusted proxy over TLS (its X-Forwarded-Proto). */
  secure: boolean;
}

/**
 * Works out the client behind any trusted reverse proxies. When the socket peer is not a trusted
 * proxy, forwarded headers are ignored (anyone can send them). Otherwise X-Forwarded-For is read
 * from the right: each hop a trusted proxy appended is skipped, and the first address not in the
 * list is the client (a client cannot forge what the proxies appended after its own entries).
 * @example clientAddress("10.0.0.2", "203.0.113.9, 10.0.0.3", undefined, proxies) // { ip: "203.0.113.9", … } when 10.0.0.0/8 is trusted
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  forwardedProto: string | undefined,
  proxies: TrustedProxies,
): ClientAddress {
  const peer = socketAddress ? unmapIpv4(socketAddress) : null;
  if (peer === null || !proxies.contains(peer)) return { ip: peer, secure: false };
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => unmapIpv4(hop.trim().replace(/^\[(.*)\]$/, "$1")))
    .filter((hop) => hop !== "");
  let ip = peer;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? "";
    if (isIP(hop) === 0) break;
    ip = hop;
    if (!proxies.contains(hop)) break;
  }
  const proto = (forwardedProto ?? "").split(",")[0]?.trim().toLowerCase();
  return { ip, secure: proto === "https" };
}
