// Message search as a workspace grows: English, Japanese and Arabic queries through the app's own
// `search_messages` RPC, as a signed-in member, at each size. A third of the messages is in each
// language and each query word is in 1 % of its language's messages, so a query always has hits
// to rank and page, as in a real workspace.
import { measureLoop } from "../measure.js";
import { loadInOneTransaction, waitForRealtimeToRead } from "./bulk-load.js";

export const QUERIES = [
  { language: "en", query: "deployment" },
  { language: "ja", query: "議事録" },
  { language: "ar", query: "الميزانية" },
];

// The words are fixed per message number, so every size holds the same mix.
const BODY = `case i % 3
  when 0 then 'Release ' || i || ': the ' || case when i % 100 < 3 then 'deployment' else 'weekly' end || ' report is ready for review'
  when 1 then 'プロジェクト' || i || 'の' || case when i % 100 < 3 then '議事録' else '資料' end || 'を確認してください'
  else 'تقرير ' || i || ' عن ' || case when i % 100 < 3 then 'الميزانية' else 'الخطة' end || ' جاهز للمراجعة' end`;

async function createWorkspace(db, ownerId) {
  const {
    rows: [workspace],
  } = await db.query(
    "insert into public.workspaces (name, slug, created_by) values ('Search growth', 'bench-search', $1) returning id",
    [ownerId],
  );
  await db.query(
    "insert into public.workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner') on conflict do nothing",
    [workspace.id, ownerId],
  );
  const {
    rows: [channel],
  } = await db.query(
    "insert into public.channels (workspace_id, name, created_by) values ($1, 'search-growth', $2) returning id",
    [workspace.id, ownerId],
  );
  return { workspaceId: workspace.id, channelId: channel.id };
}

/**
 * Adds messages `from`..`to` in one statement. Triggers (mentions, activity, unread counters) are
 * skipped — `session_replication_role = replica` — since only the rows and their search columns
 * matter here; the generated search vector is still computed for every row. Then settles what a
 * deployment would have settled long before a search: VACUUM ANALYZE (statistics, visibility map
 * and hint bits, as autovacuum would), the checkpoint the load left due, and realtime reading the
 * load from its replication slot (`bulk-load.js`). Resolves to how long realtime took after that.
 */
async function addMessages(db, { workspaceId, channelId, ownerId }, from, to) {
  await db.query("set session_replication_role = replica");
  let lsn;
  try {
    lsn = await loadInOneTransaction(db, () =>
      db.query(
        `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
         select $1, $2, $3, ${BODY}, now() - ($5::bigint - i) * interval '1 second'
         from generate_series($4::bigint, $5::bigint) i`,
        [workspaceId, channelId, ownerId, from, to],
      ),
    );
  } finally {
    await db.query("set session_replication_role = origin");
  }
  await db.query("vacuum analyze public.messages");
  // The bulk load leaves a checkpoint due; take it now rather than while the figures are measured.
  await db.query("checkpoint");
  return waitForRealtimeToRead(db, lsn);
}

/** Rows: p50/p99 per query language at every size in `sizes` (message counts, ascending). */
export async function searchGrowth({ db, apiUrl, anonKey, userToken, ownerId, sizes, seconds, concurrency }) {
  const place = await createWorkspace(db, ownerId);
  const rows = [];
  let loaded = 0;
  for (const size of sizes) {
    const started = performance.now();
    const realtimeMs = await addMessages(db, { ...place, ownerId }, loaded + 1, size);
    process.stderr.write(
      `bench: growth: ${size} messages loaded in ${((performance.now() - started) / 1000).toFixed(1)} s (realtime read them ${(realtimeMs / 1000).toFixed(1)} s after the checkpoint)\n`,
    );
    loaded = size;
    for (const { language, query } of QUERIES) {
      const search = async () => {
        const response = await fetch(`${apiUrl}/rest/v1/rpc/search_messages`, {
          method: "POST",
          headers: { apikey: anonKey, authorization: `Bearer ${userToken}`, "content-type": "application/json" },
          body: JSON.stringify({ workspace_id: place.workspaceId, query, max_results: 20 }),
        });
        const hits = await response.json();
        if (!response.ok || hits.length === 0)
          throw new Error(`search ${query}: ${response.status} ${JSON.stringify(hits).slice(0, 200)}`);
      };
      await search();
      const result = await measureLoop({ seconds, concurrency, run: search });
      for (const p of ["p50", "p99"]) {
        rows.push({
          figure: `search (${language}) ${p}, ${size.toLocaleString("en")} messages`,
          value: result[p],
          unit: "ms",
          conditions: `"${query}", first page of 20, ${concurrency} clients, ${seconds} s`,
          growth: { panel: "Message search", series: `${language} ${p}`, size, sizeUnit: "messages" },
        });
      }
    }
  }
  return rows;
}
