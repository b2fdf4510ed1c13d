// How cost grows with the work, each at three sizes (quick: smaller ones): REST reads by key and by
// filtered page as a table grows, message search in English, Japanese and Arabic as a workspace
// grows, broadcast fan-out and RLS-checked postgres changes as the audience grows, and opening a
// channel as its history grows. `run.js` charts the rows' `growth` points next to latest.json.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp, launchBrowser, serveApp, signInThroughApp } from "./support/app.js";
import { channelOpenGrowth } from "./support/growth/channel.js";
import { changesGrowth, fanOutGrowth } from "./support/growth/realtime.js";
import { waitForRealtimeToCatchUp } from "./support/growth/replication.js";
import { restGrowth } from "./support/growth/rest.js";
import { searchGrowth } from "./support/growth/search.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "growth";

const ADA = { id: "a0000000-0000-4000-8000-000000000001", email: "ada@parley.test", password: "parley-demo" };

const SIZES = {
  full: {
    rows: [10_000, 100_000, 1_000_000],
    messages: [10_000, 100_000, 1_000_000],
    subscribers: [100, 1_000, 5_000],
    rlsSubscribers: [10, 100, 500],
    history: [1_000, 10_000, 100_000],
  },
  quick: {
    rows: [1_000, 10_000, 100_000],
    messages: [1_000, 10_000, 50_000],
    subscribers: [10, 100, 500],
    rlsSubscribers: [5, 20, 100],
    history: [100, 1_000, 10_000],
  },
};

const generousLimits = {
  PARLEY_STACK_REALTIME_MAX_EVENTS_PER_SECOND: "100000000",
  PARLEY_STACK_REALTIME_MAX_JOINS_PER_SECOND: "100000",
  PARLEY_STACK_REALTIME_MAX_CONCURRENT_USERS: "100000",
};

async function passwordToken(apiUrl, key, { email, password }) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

async function inBrowser(status, db, sizes, quick) {
  const outDir = await mkdtemp(path.join(tmpdir(), "parley-bench-app-"));
  let app;
  let browser;
  try {
    await buildApp({ outDir, url: status.API_URL, publishableKey: status.PUBLISHABLE_KEY });
    app = await serveApp(outDir);
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: "en-US" });
    const page = await signInThroughApp(context, app.url, { ...ADA, locale: "en" });
    return await channelOpenGrowth({ db, page, appUrl: app.url, ownerId: ADA.id, sizes, runs: quick ? 1 : 3 });
  } finally {
    await browser?.close();
    await app?.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Waits for realtime's replication slot to catch up (or gives up after a while), and says which. */
async function settleRealtime(db) {
  const { seconds, behindMiB } = await waitForRealtimeToCatchUp(db);
  process.stderr.write(
    behindMiB < 1
      ? `bench: growth: realtime caught up with the bulk loads in ${seconds.toFixed(1)} s\n`
      : `bench: growth: realtime still ${behindMiB.toFixed(0)} MiB behind after ${seconds.toFixed(0)} s; measuring anyway\n`,
  );
}

export async function run({ quick }) {
  const sizes = quick ? SIZES.quick : SIZES.full;
  const setup = await benchStackSetup();
  Object.assign(setup.env, generousLimits);
  const stack = await startBenchStack(setup);
  const { API_URL: apiUrl, ANON_KEY: anonKey, SERVICE_ROLE_KEY: serviceKey, JWT_SECRET: jwtSecret } = stack.status;
  const db = new pg.Client({ connectionString: stack.status.DB_URL });
  await db.connect();
  const seconds = quick ? 1 : 4;
  try {
    const userToken = await passwordToken(apiUrl, anonKey, ADA);
    const rows = [
      ...(await restGrowth({ db, apiUrl, serviceKey, sizes: sizes.rows, seconds, concurrency: 4 })),
      ...(await searchGrowth({
        db,
        apiUrl,
        anonKey,
        userToken,
        ownerId: ADA.id,
        sizes: sizes.messages,
        seconds,
        concurrency: 2,
      })),
    ];
    // The search step's bulk load is a transaction of up to a million published rows; the
    // realtime figures are measured once the service has read past it, not while it decodes it.
    await settleRealtime(db);
    return [
      ...rows,
      ...(await fanOutGrowth({ apiUrl, anonKey, sizes: sizes.subscribers, messages: quick ? 10 : 30 })),
      ...(await changesGrowth({
        db,
        apiUrl,
        anonKey,
        jwtSecret,
        sizes: sizes.rlsSubscribers,
        inserts: quick ? 5 : 20,
      })),
      ...(await inBrowser(stack.status, db, sizes.history, quick)),
    ];
  } finally {
    await db.end();
    await stack.stop();
    await setup.remove();
  }
}
