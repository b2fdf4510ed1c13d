// Where a DNS name points, asked right before connecting: its A and AAAA records, through
// `Deno.resolveDns` (the same resolver settings the system uses, /etc/resolv.conf). A name that
// has neither, or a runtime without `Deno.resolveDns`, resolves to nothing — and is refused.

/** Resolves a DNS name to every IPv4 and IPv6 address it has (none when it cannot be resolved). */
export type ResolveHost = (hostname: string, signal: AbortSignal) => Promise<string[]>;

export const resolveWithDeno: ResolveHost = async (hostname, signal) => {
  if (typeof Deno.resolveDns !== "function") return [];
  const lookups = await Promise.allSettled([
    Deno.resolveDns(hostname, "A", { signal }),
    Deno.resolveDns(hostname, "AAAA", { signal }),
  ]);
  return lookups.flatMap((lookup) => (lookup.status === "fulfilled" ? lookup.value : []));
};
