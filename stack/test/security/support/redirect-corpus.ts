/**
 * The open-redirect corpus for a stack whose site_url is `http://127.0.0.1:5173` and whose
 * additional_redirect_urls are `http://127.0.0.1:5173/**` and `http://localhost:5173/**` (Parley's
 * own settings). Each row is a `redirect_to` an attacker (or a confused app) might send and what a
 * browser must end up at: the address as asked (`as-asked`, compared after WHATWG normalisation,
 * which is what a browser goes to) or the Site URL (`site`), which is GoTrue's answer to any
 * redirect it does not allow — never an error.
 */
export const SITE_URL = "http://127.0.0.1:5173";

export interface RedirectCase {
  name: string;
  redirectTo: string;
  expected: "as-asked" | "site";
}

export const REDIRECT_CORPUS: readonly RedirectCase[] = [
  // Allowed, so the table can fail both ways.
  { name: "a page of the site", redirectTo: "http://127.0.0.1:5173/en/welcome", expected: "as-asked" },
  {
    name: "a page of an allowed host",
    redirectTo: "http://localhost:5173/en/reset-password?tab=1",
    expected: "as-asked",
  },
  { name: "the site in upper case", redirectTo: "HTTP://127.0.0.1:5173/en/Welcome", expected: "as-asked" },
  { name: "an allowed host in upper case", redirectTo: "http://LOCALHOST:5173/en/welcome", expected: "as-asked" },
  {
    name: "the site's loopback address on another port (GoTrue: RFC 8252)",
    redirectTo: "http://127.0.0.1:9999/callback",
    expected: "as-asked",
  },
  // Backslashes: browsers read `\` as `/` in http(s) URLs.
  {
    name: "a backslash before user info naming the site",
    redirectTo: "http://evil.example\\@127.0.0.1:5173/",
    expected: "site",
  },
  {
    name: "a backslash before user info naming an allowed host",
    redirectTo: "http://evil.example\\@localhost:5173/",
    expected: "site",
  },
  { name: "backslashes for the authority slashes", redirectTo: "http:\\\\evil.example/", expected: "site" },
  { name: "a slash and a backslash (scheme-relative)", redirectTo: "/\\evil.example/", expected: "site" },
  {
    name: "a percent-encoded backslash in user info",
    redirectTo: "http://evil.example%5c@127.0.0.1:5173/",
    expected: "site",
  },
  {
    name: "a percent-encoded slash in user info",
    redirectTo: "http://127.0.0.1:5173%2f@evil.example/",
    expected: "site",
  },
  // User info.
  {
    name: "the site as user info of another host",
    redirectTo: "http://127.0.0.1:5173@evil.example/",
    expected: "site",
  },
  {
    name: "another host as user info of the site",
    redirectTo: "http://evil.example@127.0.0.1:5173/",
    expected: "site",
  },
  {
    name: "another host as user info of an allowed host",
    redirectTo: "http://evil.example@localhost:5173/en/welcome",
    expected: "site",
  },
  // Scheme-relative and scheme-only forms.
  { name: "a scheme-relative address", redirectTo: "//evil.example/", expected: "site" },
  { name: "one slash after the scheme", redirectTo: "http:/evil.example/", expected: "site" },
  { name: "no slash after the scheme", redirectTo: "http:evil.example/", expected: "site" },
  // Control characters, which the WHATWG parser drops without a word.
  { name: "a tab inside the host", redirectTo: "http://ev\til.example/", expected: "site" },
  { name: "a tab inside a path of the site", redirectTo: "http://127.0.0.1:5173/en/wel\tcome", expected: "site" },
  {
    name: "a newline inside a javascript: scheme",
    redirectTo: "java\nscript:alert(document.cookie)",
    expected: "site",
  },
  { name: "a carriage return before the host", redirectTo: "http://\r127.0.0.1:5173/en/welcome", expected: "site" },
  { name: "a space before the scheme", redirectTo: " http://127.0.0.1:5173/en/welcome", expected: "site" },
  // Hosts a parser rewrites.
  {
    name: "an IDN lookalike of an allowed host",
    redirectTo: "http://l\u043ecalhost:5173/en/welcome",
    expected: "site",
  },
  { name: "the punycode of that lookalike", redirectTo: "http://xn--lcalhost-nbh:5173/en/welcome", expected: "site" },
  {
    name: "a full-width lookalike of an allowed host",
    redirectTo: "http://\uff4cocalhost:5173/en/welcome",
    expected: "site",
  },
  { name: "loopback as a decimal number", redirectTo: "http://2130706433:5173/en/welcome", expected: "site" },
  { name: "loopback in hexadecimal", redirectTo: "http://0x7f.0.0.1:5173/en/welcome", expected: "site" },
  {
    name: "the site's host as a subdomain of another",
    redirectTo: "http://127.0.0.1.evil.example:5173/",
    expected: "site",
  },
  {
    name: "an allowed host as a subdomain of another",
    redirectTo: "http://localhost.evil.example:5173/en/welcome",
    expected: "site",
  },
  // Schemes that run code, and ports and hosts that are not allowed.
  { name: "a javascript: URL", redirectTo: "javascript:alert(document.cookie)", expected: "site" },
  {
    name: "a javascript: URL with a loopback authority",
    redirectTo: "javascript://127.0.0.1/%0aalert(document.cookie)",
    expected: "site",
  },
  { name: "a data: URL", redirectTo: "data:text/html,<script>alert(1)</script>", expected: "site" },
  { name: "an allowed host on another port", redirectTo: "http://localhost:5174/en/welcome", expected: "site" },
  { name: "another site", redirectTo: "https://evil.example/steal", expected: "site" },
];
