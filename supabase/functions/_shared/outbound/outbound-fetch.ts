// The one way Parley's functions make HTTP requests on someone's behalf — to a URL a person chose
// (a Web Push endpoint; later outgoing webhooks, slash commands, link previews). Without it such a
// URL could make the backend reach what only the server can: its own loopback services, the
// private network, cloud metadata (SSRF). See README.md beside this file.
import { hostAllowed } from "./host-allow-list.ts";
import { limitedResponse } from "./limited-body.ts";
import { OutboundRefused } from "./outbound-refused.ts";
import { ipLiteral, isPublicAddress } from "./public-address.ts";
import { type ResolveHost, resolveWithDeno } from "./resolve-host.ts";

/** The operator setting that lets requests reach private addresses (local development and tests only). */
export const ALLOW_PRIVATE_ADDRESSES_ENV = "PARLEY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES";

export interface OutboundPolicy {
  /** URL schemes allowed. Default: `https:` only. */
  schemes?: readonly ("http:" | "https:")[];
  /** When given, only hosts matching one of these patterns (host-allow-list.ts) are reached. */
  allowedHosts?: readonly string[];
  /** Whether private, loopback, link-local… addresses may be reached. Default: the operator setting. */
  allowPrivateAddresses?: boolean;
  /** Gives up (AbortSignal.timeout) after this long, reading the body included. Default 10 s. */
  timeoutMs?: number;
  /** The largest answer body read. Default 1 MiB. */
  maxResponseBytes?: number;
  /** How DNS names are resolved (tests give a fake). Default `Deno.resolveDns`, A and AAAA. */
  resolve?: ResolveHost;
}

/** Whether the operator allowed private addresses: `PARLEY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true`, nothing else. */
export const privateAddressesAllowed = (): boolean => Deno.env.get(ALLOW_PRIVATE_ADDRESSES_ENV) === "true";

function checkedUrl(input: string | URL, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRefused("invalid_url", "not a URL");
  }
  if (!(policy.schemes ?? ["https:"]).some((scheme) => scheme === url.protocol))
    throw new OutboundRefused("scheme_not_allowed", `${url.protocol} URLs are not allowed`);
  if (url.username !== "" || url.password !== "")
    throw new OutboundRefused("credentials_in_url", "URLs with a user name or password are not allowed");
  if (policy.allowedHosts && !hostAllowed(url.hostname, policy.allowedHosts))
    throw new OutboundRefused("host_not_allowed", `${url.hostname} is not an allowed host`);
  return url;
}

/** Refuses a host that is, or resolves to, any address that is not public unicast. */
async function checkAddresses(url: URL, policy: OutboundPolicy, signal: AbortSignal): Promise<void> {
  if (policy.allowPrivateAddresses ?? privateAddressesAllowed()) return;
  const literal = ipLiteral(url.hostname);
  const addresses = literal ? [literal] : await (policy.resolve ?? resolveWithDeno)(url.hostname, signal);
  if (addresses.length === 0) throw new OutboundRefused("unresolvable_host", `${url.hostname} does not resolve`);
  // Every address, not just one: the connection may use any of them.
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked) throw new OutboundRefused("private_address", `${url.hostname} is a non-public address (${blocked})`);
}

/**
 * `fetch` for a URL someone else chose: refuses (throws OutboundRefused) a URL outside the policy
 * — scheme, credentials, host allow-list — and a host that is or resolves to a loopback, private,
 * link-local, multicast or unspecified address (resolved right before connecting); never follows
 * a redirect (a 3xx answer is refused); gives up after a timeout; caps the answer's size.
 * @example
 * const answer = await outboundFetch(endpoint, { method: "POST", body }, { allowedHosts: ["fcm.googleapis.com"] });
 */
export async function outboundFetch(
  input: string | URL,
  init: RequestInit = {},
  policy: OutboundPolicy = {},
): Promise<Response> {
  const url = checkedUrl(input, policy);
  const timeout = AbortSignal.timeout(policy.timeoutMs ?? 10_000);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  await checkAddresses(url, policy, signal);
  const response = await fetch(url, { ...init, redirect: "manual", signal });
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    throw new OutboundRefused("redirect", `${url.host} answered ${response.status}: redirects are not followed`);
  }
  return limitedResponse(response, policy.maxResponseBytes ?? 1024 * 1024);
}
