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
  const sizes = await Promise.all(
    needed.map(async (url) => ({ url, bytes: gzipSync(await bodies.get(url), { level: 9 }).length })),
  );
  const bytes = sizes.reduce((sum, file) => sum + file.bytes, 0);
  if (process.env.PARLEY_BENCH_JS_FILES) printFiles(sizes);
  return { kib: bytes / 1024, files: needed.length };
}

/** With PARLEY_BENCH_JS_FILES set: each counted file and its gzipped KiB, largest first (on stderr). */
function printFiles(sizes) {
  const rows = [...sizes].sort((a, b) => b.bytes - a.bytes);
  for (const { url, bytes } of rows)
    console.error(`${(bytes / 1024).toFixed(2).padStart(7)} KiB  ${new URL(url).pathname}`);
  console.error(
    `${(rows.reduce((sum, file) => sum + file.bytes, 0) / 1024).toFixed(2).padStart(7)} KiB  in ${rows.length} files`,
  );
}

/**
 * Makes `page` note (on its own clock) when an element matching `selector` first holds `text` ("":
 * when one exists), and returns a function that lists the URLs `page` had requested by then
 * (Resource Timing). Playwright notices a screen by polling, up to half a second apart, so files
 * the app asks for once the screen is up (supabase-js after the sign-in form, the composer after
 * the messages) could otherwise arrive before it does and count as needed to show it.
 */
async function requestedBeforeShown(page, selector, text = "") {
  await page.addInitScript(
    ([wanted, awaited]) => {
      performance.setResourceTimingBufferSize(10_000);
      new MutationObserver((_, observer) => {
        const shown = [...document.querySelectorAll(wanted)].some((element) => element.textContent.includes(awaited));
        if (!shown) return;
        window.__parleyScreenShownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    [selector, text],
  );
  return async () =>
    new Set(
      await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime <= window.__parleyScreenShownAt)
          .map((entry) => entry.name),
      ),
    );
}

/** JS fetched by a fresh browser (empty cache) until the sign-in form can be filled in. */
export async function signInScreenJs(browser, appUrl, locale) {
  const messages = await catalog(locale);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const requested = await requestedBeforeShown(page, "input[type=password]");
    return await javascriptDownloaded(page, appUrl, async () => {
      await page.goto(`${appUrl}/${locale}/sign-in`);
      await page.getByLabel(messages["auth.field.password"]).waitFor();
      return requested();
    });
  } finally {
    await context.close();
  }
}

/** JS fetched by a fresh browser (empty cache) holding `signedIn`'s session until `channelUrl` shows `text` in its message log. */
export async function channelScreenJs(browser, signedIn, channelUrl, text) {
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  try {
    const page = await context.newPage();
    const requested = await requestedBeforeShown(page, "[role=log]", text);
    return await javascriptDownloaded(page, new URL(channelUrl).origin, async () => {
      await page.goto(channelUrl);
      await page.getByRole("log").getByText(text).first().waitFor();
      return requested();
    });
  } finally {
    await context.close();
  }
}
