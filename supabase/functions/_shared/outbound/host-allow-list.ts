// Host allow-lists such as the known push services': `fcm.googleapis.com` allows exactly that host,
// `*.push.apple.com` any name below push.apple.com (not push.apple.com itself). Compared with the
// hostname `URL` produced (lower case, punycode, IPv6 in brackets); a trailing dot
// (`fcm.googleapis.com.`) matches nothing.

/**
 * Whether `hostname` (a `URL`'s `hostname`) matches one of `patterns`.
 * @example hostAllowed("web.push.apple.com", ["*.push.apple.com"]) // true
 */
export function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern.startsWith("*.")) {
      const suffix = pattern.slice(1);
      return host.endsWith(suffix) && host.length > suffix.length;
    }
    return pattern !== "" && host === pattern;
  });
}
