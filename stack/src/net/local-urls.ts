/**
 * URLs written for the Supabase CLI's Docker stack, made to reach this stack: the API gateway's
 * container (`kong:8000`, `supabase_kong_<project>:8000`) is the stack's gateway, and
 * `host.docker.internal` (the host as seen from a container) is this machine. Other URLs are kept.
 * @example reachLocalStack(new URL("http://kong:8000/functions/v1/hook"), "http://127.0.0.1:54321")
 */
export function reachLocalStack(url: URL, gatewayUrl: string): URL {
  const target = new URL(url);
  const host = target.hostname.toLowerCase();
  if (host === "kong" || host.startsWith("supabase_kong_")) {
    const gateway = new URL(gatewayUrl);
    target.protocol = gateway.protocol;
    target.hostname = gateway.hostname;
    target.port = gateway.port;
  } else if (host === "host.docker.internal") {
    target.hostname = "127.0.0.1";
  }
  return target;
}
