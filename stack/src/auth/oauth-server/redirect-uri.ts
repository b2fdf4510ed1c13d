// Redirect URIs of OAuth clients (GoTrue oauthserver validateRedirectURI), parsed with the WHATWG
// URL parser; at authorization time a redirect_uri must equal a registered one exactly.

const DANGEROUS_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "about:", "blob:"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a URI cannot be registered, in GoTrue's words; undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri === "") return "redirect URI cannot be empty";
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return "invalid URL format";
  }
  if (DANGEROUS_SCHEMES.has(parsed.protocol))
    return `scheme '${parsed.protocol.slice(0, -1)}' is not allowed for security reasons`;
  if (parsed.host === "") return "must have scheme and host";
  if (parsed.protocol === "http:" && !LOOPBACK_HOSTS.has(parsed.hostname))
    return "HTTP scheme only allowed for localhost";
  if (parsed.hash !== "") return "fragment not allowed in redirect URI";
  return undefined;
}

/** Whether `uri` is one of the client's registered redirect URIs, character for character. */
export const isRegisteredRedirectUri = (registered: readonly string[], uri: string): boolean =>
  registered.includes(uri);

/** `uri` with query parameters added (the authorization code or error), as GoTrue builds redirects. */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}
