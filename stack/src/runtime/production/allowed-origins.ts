import type { StackConfig } from "../../config/index.ts";

/** The scheme, host and port of a URL or URL pattern; undefined when it has none fit for CORS (a glob in the host). */
function originOf(url: string): string | undefined {
  const match = /^(https?):\/\/([^/?#*]+)(?:[/?#]|$)/i.exec(url.trim());
  if (!match) return undefined;
  try {
    return new URL(`${match[1]}://${match[2]}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origins production mode lets call the APIs with credentials from another origin: the site
 * URL's and those of `additional_redirect_urls` (the app's own origin needs no CORS).
 * @example allowedOrigins(config) // ["https://chat.example.com"]
 */
export function allowedOrigins(config: StackConfig): string[] {
  const origins = [config.auth.site_url, ...config.auth.additional_redirect_urls]
    .map(originOf)
    .filter((origin) => origin !== undefined);
  return [...new Set(origins)];
}
