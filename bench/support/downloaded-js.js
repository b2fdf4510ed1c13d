/* global window, document, MutationObserver -- the functions given to addInitScript and evaluate run inside the browser page */
// What a browser really downloads to show a screen: the web bench sums a route's static imports from
// the build manifest, which misses chunks loaded with import() (supabase-js, the workspace frame)
// that a screen cannot show without. This counts every JavaScript file the page fetched instead.
import { gzipSync } from "node:zlib";
import { catalog } from "./app.js";

/**
 * Gzipped KiB (level 9, as the web bench counts) of every distinct JavaScript file `page` fetched
 * from `origin` while `work` ran, and how many files that was. `work` may resolve with the set of
 * URLs that count (those the screen needed); by default every file fetched meanwhile counts.
 */
export async function javascriptDownloaded(page, origin, work) {
  const bodies = new Map();
  const onResponse = (response) => {
    const url = response.url();
    if (url.startsWith(origin) && new URL(url).pathname.endsWith(".js") && !bodies.has(url))
      bodies.set(
        url,
        response.body().catch(() => Buffer.alloc(0)),
      );
  };
  page.on("response", onResponse);
  let counted;
  try {
    counted = await work();
  } finally {
    page.off("response", onResponse);
  }
  const needed = [...bodies.keys()].filter((url) => !counted || counted.has(url));
  let bytes = 0;
  for (const body of await Promise.all(needed.map((url) => bodies.get(url))))
    bytes += gzipSync(body, { level: 9 }).length;
  return { kib: bytes / 1024, files: needed.length };
}

/** JS fetched by a fresh browser (empty cache) until the sign-in form can be filled in. */
export async function signInScreenJs(browser, appUrl, locale) {
  const messages = await catalog(locale);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await javascriptDownloaded(page, appUrl, async () => {
      await page.goto(`${appUrl}/${locale}/sign-in`);
      await page.getByLabel(messages["auth.field.password"]).waitFor();
    });
  } finally {
    await context.close();
  }
}

/**
 * JS fetched by a fresh browser (empty cache) holding `signedIn`'s session until `channelUrl` shows
 * `text` in its message log. Playwright notices the text by polling (up to half a second apart),
 * so files the app asks for once the messages are on screen may arrive before it does: only files
 * requested before the text entered the page count (the page's own clock: a MutationObserver's
 * time against Resource Timing's start of each request).
 */
export async function channelScreenJs(browser, signedIn, channelUrl, text) {
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  try {
    const page = await context.newPage();
    await page.addInitScript((awaited) => {
      performance.setResourceTimingBufferSize(10_000);
      new MutationObserver((_, observer) => {
        if (!document.querySelector("[role=log]")?.textContent?.includes(awaited)) return;
        window.__parleyTextShownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, text);
    return await javascriptDownloaded(page, new URL(channelUrl).origin, async () => {
      await page.goto(channelUrl);
      await page.getByRole("log").getByText(text).first().waitFor();
      const urls = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime <= window.__parleyTextShownAt)
          .map((entry) => entry.name),
      );
      return new Set(urls);
    });
  } finally {
    await context.close();
  }
}
