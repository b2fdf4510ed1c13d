// What a browser really downloads to show a screen: the web bench sums a route's static imports from
// the build manifest, which misses chunks loaded with import() (supabase-js, the workspace frame)
// that a screen cannot show without. This counts every JavaScript file the page fetched instead.
import { gzipSync } from "node:zlib";
import { catalog } from "./app.js";

/**
 * Gzipped KiB (level 9, as the web bench counts) of every distinct JavaScript file `page` fetched
 * from `origin` while `work` ran, and how many files that was.
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
  try {
    await work();
  } finally {
    page.off("response", onResponse);
  }
  let bytes = 0;
  for (const body of await Promise.all(bodies.values())) bytes += gzipSync(body, { level: 9 }).length;
  return { kib: bytes / 1024, files: bodies.size };
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

/** JS fetched by a fresh browser (empty cache) holding `signedIn`'s session until `channelUrl` shows `text`. */
export async function channelScreenJs(browser, signedIn, channelUrl, text) {
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  try {
    const page = await context.newPage();
    return await javascriptDownloaded(page, new URL(channelUrl).origin, async () => {
      await page.goto(channelUrl);
      await page.getByRole("log").getByText(text).first().waitFor();
    });
  } finally {
    await context.close();
  }
}
