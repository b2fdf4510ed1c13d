/* global window, document, MutationObserver -- these functions run inside the browser page */
// Chat in the browser, against a stack with the repo's own supabase/ (migrations and seed):
// - send → render: Ada sends in #general, Jonas (another browser context) sees it; the time from
//   Ada's Enter keydown to the message's node appearing in Jonas's log (both read the same clock),
//   p50/p95 over 100 messages (quick: 10);
// - initial load of a channel holding 10,000 messages: from navigation start until the newest
//   message is on screen, median of a few loads, and how many message nodes the page holds.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp, launchBrowser, serveApp, signInThroughApp } from "./support/app.js";
import { channelScreenJs, signInScreenJs } from "./support/downloaded-js.js";
import { percentile } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "chat";

const password = "parley-demo";
const ADA = "a0000000-0000-4000-8000-000000000001";

async function openChannel(page, appUrl, locale, channelId) {
  await page.goto(`${appUrl}/${locale}/w/demo/c/${channelId}`);
  await page.getByRole("log").waitFor();
}

async function sendToRender(ada, jonas, count) {
  const composer = ada.getByRole("textbox", { name: /#general/ });
  await composer.waitFor();
  // Ada's page stamps each Enter keydown; Jonas's page stamps each message node's arrival.
  await ada.evaluate(() => {
    window.__sent = [];
    document.addEventListener(
      "keydown",
      (event) =>
        event.key === "Enter" && !event.shiftKey && window.__sent.push(performance.timeOrigin + performance.now()),
      true,
    );
  });
  await jonas.evaluate(() => {
    window.__seen = new Map();
    new MutationObserver(() => {
      const now = performance.timeOrigin + performance.now();
      for (const match of document.body.textContent.matchAll(/bench-latency-(\d+)-end/g))
        if (!window.__seen.has(match[1])) window.__seen.set(match[1], now);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const latencies = [];
  for (let i = 0; i < count; i++) {
    await composer.fill(`bench-latency-${i}-end`);
    await composer.press("Enter");
    await jonas.waitForFunction((n) => window.__seen.has(String(n)), i, { timeout: 15_000 });
    const [sent, seen] = [
      await ada.evaluate((n) => window.__sent[n], i),
      await jonas.evaluate((n) => window.__seen.get(String(n)), i),
    ];
    latencies.push(seen - sent);
  }
  return latencies;
}

async function initialLoad(page, appUrl, channelId, runs) {
  const times = [];
  let nodes = 0;
  await page.addInitScript(() => {
    window.__newest = undefined;
    new MutationObserver(() => {
      if (window.__newest === undefined && document.body?.textContent.includes("Bench history 10000"))
        window.__newest = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  for (let i = 0; i < runs; i++) {
    await page.goto(`${appUrl}/en/w/demo`);
    await page.goto(`${appUrl}/en/w/demo/c/${channelId}`);
    await page.waitForFunction(() => window.__newest !== undefined, undefined, { timeout: 60_000 });
    times.push(await page.evaluate(() => window.__newest));
    nodes = await page.getByRole("log").locator("[role=article], li, article").count();
  }
  return { times, nodes };
}

export async function run({ quick }) {
  const setup = await benchStackSetup();
  const stack = await startBenchStack(setup);
  const { API_URL: url, PUBLISHABLE_KEY: key, DB_URL: dbUrl } = stack.status;
  const outDir = await mkdtemp(path.join(tmpdir(), "parley-bench-app-"));
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let app;
  let browser;
  try {
    await buildApp({ outDir, url, publishableKey: key });
    app = await serveApp(outDir);
    const {
      rows: [general],
    } = await db.query(
      "select c.id from public.channels c join public.workspaces w on w.id = c.workspace_id where w.slug = 'demo' and c.name = 'general'",
    );
    const {
      rows: [history],
    } = await db.query(
      "insert into public.channels (workspace_id, name, topic, created_by) select id, 'bench-history', '10,000 messages', $1 from public.workspaces where slug = 'demo' returning id",
      [ADA],
    );
    await db.query(
      `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
       select c.workspace_id, c.id, $2, 'Bench history ' || i || ': the quick brown fox jumps over the lazy dog', now() - (10001 - i) * interval '1 second'
       from public.channels c, generate_series(1, 10000) i where c.id = $1`,
      [history.id, ADA],
    );
    await db.query("analyze public.messages");

    browser = await launchBrowser();
    const adaContext = await browser.newContext({ locale: "en-US" });
    const jonasContext = await browser.newContext({ locale: "de-DE" });
    const ada = await signInThroughApp(adaContext, app.url, { email: "ada@parley.test", password, locale: "en" });
    const jonas = await signInThroughApp(jonasContext, app.url, { email: "jonas@parley.test", password, locale: "de" });
    await openChannel(ada, app.url, "en", general.id);
    await openChannel(jonas, app.url, "de", general.id);
    const count = quick ? 10 : 100;
    const latencies = await sendToRender(ada, jonas, count);
    const loads = quick ? 1 : 5;
    const { times, nodes } = await initialLoad(ada, app.url, history.id, loads);
    const signInJs = await signInScreenJs(browser, app.url, "en");
    const channelJs = await channelScreenJs(
      browser,
      adaContext,
      `${app.url}/en/w/demo/c/${history.id}`,
      "Bench history 10000",
    );
    const conditions = "two browser contexts in one headless Chromium, stack and app on loopback";
    return [
      {
        figure: "send → render in the other browser p50",
        value: percentile(latencies, 50),
        unit: "ms",
        conditions: `${count} messages, ${conditions}`,
      },
      {
        figure: "send → render in the other browser p95",
        value: percentile(latencies, 95),
        unit: "ms",
        conditions: `${count} messages, ${conditions}`,
      },
      {
        figure: "channel with 10,000 messages: newest on screen",
        value: percentile(times, 50),
        unit: "ms",
        conditions: `median of ${loads} loads from navigation start (app shell cached)`,
      },
      {
        figure: "channel with 10,000 messages: message nodes in the DOM",
        value: nodes,
        unit: "nodes",
        conditions: "virtualised list",
      },
      {
        figure: "JS downloaded to show the sign-in form",
        value: signInJs.kib,
        unit: "KiB gz",
        conditions: `${signInJs.files} files requested by a browser with an empty cache before the form showed, gzip -9 each`,
      },
      {
        figure: "JS downloaded to show a channel's messages",
        value: channelJs.kib,
        unit: "KiB gz",
        conditions: `${channelJs.files} files requested before the messages showed, signed in, empty cache`,
      },
    ];
  } finally {
    await browser?.close();
    await app?.stop();
    await db.end();
    await stack.stop();
    await setup.remove();
    await rm(outDir, { recursive: true, force: true });
  }
}
