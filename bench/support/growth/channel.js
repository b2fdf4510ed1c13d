/* global window, document, MutationObserver -- the init script runs inside the browser page */
// Opening a channel as its history grows: from navigation start until the newest message is on
// screen, in the built app in headless Chromium, for channels of 1k, 10k and 100k messages.
import { percentile } from "../measure.js";

async function createChannel(db, ownerId, size) {
  const {
    rows: [channel],
  } = await db.query(
    `insert into public.channels (workspace_id, name, topic, created_by)
     select id, $2, $3, $1 from public.workspaces where slug = 'demo' returning id`,
    [ownerId, `growth-${size}`, `${size.toLocaleString("en")} messages`],
  );
  // Triggers (mentions, activity, unread counters) are skipped for the bulk rows; everything is
  // marked read, so the channel opens at its newest message as a reader's would.
  await db.query("set session_replication_role = replica");
  try {
    await db.query(
      `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
       select c.workspace_id, c.id, $2,
              case when i = $3 then 'Newest of ' || $3 || '.' else 'History ' || i || ': the quick brown fox jumps over the lazy dog' end,
              now() - ($3 + 1 - i) * interval '1 second'
       from public.channels c, generate_series(1, $3::int) i where c.id = $1`,
      [channel.id, ownerId, size],
    );
  } finally {
    await db.query("set session_replication_role = origin");
  }
  await db.query(
    `insert into public.read_markers (user_id, channel_id, last_read_at) values ($1, $2, now())
     on conflict (user_id, channel_id) do update set last_read_at = excluded.last_read_at`,
    [ownerId, channel.id],
  );
  await db.query("analyze public.messages");
  // The bulk load leaves a checkpoint due; take it now rather than while the figures are measured.
  await db.query("checkpoint");
  return channel.id;
}

async function timeOpen(page, appUrl, channelId, marker, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${appUrl}/en/w/demo`);
    await page.goto(`${appUrl}/en/w/demo/c/${channelId}`);
    await page.waitForFunction((text) => window.__seenAt?.(text) !== undefined, marker, { timeout: 60_000 });
    times.push(await page.evaluate((text) => window.__seenAt(text), marker));
  }
  return times;
}

/** Rows: median time to the newest message at every history size in `sizes`. */
export async function channelOpenGrowth({ db, page, appUrl, ownerId, sizes, runs }) {
  // Stamps the first moment each watched text is on the page, from this navigation's start.
  await page.addInitScript(() => {
    const seen = new Map();
    window.__seenAt = (text) => {
      if (!seen.has(text) && document.body?.textContent.includes(text)) seen.set(text, performance.now());
      return seen.get(text);
    };
    new MutationObserver(() => {
      for (const text of window.__watch ?? []) window.__seenAt(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const rows = [];
  for (const size of sizes) {
    const channelId = await createChannel(db, ownerId, size);
    const marker = `Newest of ${size}.`;
    await page.addInitScript((text) => (window.__watch = [text]), marker);
    const times = await timeOpen(page, appUrl, channelId, marker, runs);
    rows.push({
      figure: `channel open, ${size.toLocaleString("en")} messages`,
      value: percentile(times, 50),
      unit: "ms",
      conditions: `navigation start → newest message on screen, median of ${runs} loads`,
      growth: { panel: "Channel open", series: "median", size, sizeUnit: "messages" },
    });
  }
  return rows;
}
