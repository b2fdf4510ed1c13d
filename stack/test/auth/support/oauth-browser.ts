/**
 * A minimal browser for OAuth redirects in tests: follows redirects by hand with fetch, keeps the
 * cookies the emulator sets, stops at the emulator's sign-in page or when a redirect leaves the
 * stack (the app's redirect_to, which is never fetched).
 */
export class OAuthBrowser {
  private readonly cookies = new Map<string, string>();
  /** Every URL requested, in order (tests replay the provider's callback from here). */
  readonly visited: string[] = [];

  constructor(private readonly stackUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (pair && index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  /** Follows redirects from `url` (GET, or POST of a form) until a page or a URL outside the stack. */
  async go(url: string, form?: Record<string, string>): Promise<{ url: string; status: number; html?: string }> {
    let current = url;
    let body: URLSearchParams | undefined = form ? new URLSearchParams(form) : undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (!current.startsWith(this.stackUrl)) return { url: current, status: 0 };
      this.visited.push(current);
      const response = await fetch(current, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: this.cookieHeader(),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body,
      });
      this.remember(response);
      body = undefined;
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).toString();
        continue;
      }
      return { url: current, status: response.status, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Opens an authorize URL; expects the emulator's sign-in page and returns its URL. */
  async openSignInPage(authorizeUrl: string): Promise<{ url: string; html: string }> {
    const page = await this.go(authorizeUrl);
    if (page.status !== 200 || !page.html?.includes("Create a test account")) {
      throw new Error(
        `expected the emulator's sign-in page, got ${page.status} at ${page.url}: ${page.html?.slice(0, 300) ?? ""}`,
      );
    }
    return { url: page.url, html: page.html };
  }

  /**
   * Signs in at the emulator with a (new or updated) test account; returns where the stack sends the
   * app. A `response_mode=form_post` answer (an auto-submitting form) is submitted, with `formPostExtra`
   * added to its fields (what the real provider may add, e.g. Apple's `user`).
   */
  async signIn(
    authorizeUrl: string,
    account: { email: string; name?: string; avatar_url?: string; email_verified?: boolean },
    formPostExtra: Record<string, string> = {},
  ): Promise<URL> {
    const page = await this.openSignInPage(authorizeUrl);
    const form: Record<string, string> = {
      email: account.email,
      name: account.name ?? "",
      avatar_url: account.avatar_url ?? "",
    };
    if (account.email_verified !== false) form.email_verified = "true";
    const landed = await this.go(`${page.url}/login`, form);
    const posted = landed.html === undefined ? undefined : readFormPost(landed.html);
    if (!posted) return new URL(landed.url);
    return new URL(
      (await this.go(new URL(posted.action, landed.url).toString(), { ...posted.fields, ...formPostExtra })).url,
    );
  }

  /** Presses "Deny access" on the sign-in page. */
  async deny(authorizeUrl: string): Promise<URL> {
    const page = await this.openSignInPage(authorizeUrl);
    return new URL((await this.go(`${page.url}/deny`, {})).url);
  }
}

/** In-memory storage for supabase-js (the PKCE verifier and the session live there, as in localStorage). */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const decodeHtml = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The action and hidden fields of an OAuth form_post page, or undefined for any other page. */
function readFormPost(html: string): { action: string; fields: Record<string, string> } | undefined {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return undefined;
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g))
    fields[match[1] ?? ""] = decodeHtml(match[2] ?? "");
  return { action: decodeHtml(action), fields };
}
