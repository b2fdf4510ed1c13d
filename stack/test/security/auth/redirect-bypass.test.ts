import { afterAll, beforeAll, describe, it } from "vitest";
import { fragmentOf } from "../../auth/support/session-user.ts";
import { startTestStack, type TestStack } from "../../support/test-stack.ts";
import { REDIRECT_CORPUS, SITE_URL, type RedirectCase } from "../support/redirect-corpus.ts";
import { REDIRECT_ENTRY_POINTS, type RedirectEntryPoint } from "../support/redirect-entry-points.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-redirects");
  // The SAML emulator's keys are made on its first use; the IdP-initiated rows sign with them.
  await fetch(`${t.url}/emulators/saml/metadata`);
});
afterAll(() => t?.close());

/** Where a browser goes for an address: the WHATWG serialisation, without the fragment. */
const withoutFragment = (url: URL | string) => new URL(url).href.split("#")[0];

/**
 * Every entry point that takes a redirect, against the whole corpus: the browser lands on the
 * address as asked only when it is allowed, and otherwise on the Site URL with the sign-in still
 * delivered there (GoTrue replaces a refused redirect, it does not fail the request).
 */
describe.each(REDIRECT_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
  "%s",
  (_name, entry: RedirectEntryPoint) => {
    // Rows are independent (a fresh user and address each), so they run side by side.
    it.concurrent.for(REDIRECT_CORPUS.map((row) => [row.name, row] as const))(
      "%s",
      async ([, row]: readonly [string, RedirectCase], { expect }) => {
        const { landed, linkRedirect } = await entry.attempt(t, row.redirectTo);
        const refusedAsNoUrl =
          entry.refusesNonUrls === true && landed.searchParams.get("error_code") === "validation_failed";
        if (row.expected === "site") {
          expect(refusedAsNoUrl ? `${landed.origin}${landed.pathname}` : withoutFragment(landed)).toBe(
            withoutFragment(SITE_URL),
          );
          if (linkRedirect !== undefined) expect(linkRedirect).toBe(SITE_URL);
        } else {
          expect(withoutFragment(landed)).toBe(withoutFragment(row.redirectTo));
          if (linkRedirect !== undefined) expect(linkRedirect).toBe(new URL(row.redirectTo).href);
        }
        if (!refusedAsNoUrl) expect(fragmentOf(landed).get("access_token")).toEqual(expect.any(String));
      },
    );
  },
);
