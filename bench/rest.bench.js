// /rest/v1 throughput and latency beside the same SQL sent straight to PostgreSQL over a pool:
// GET by primary key, a filtered page with an embed, an exact count, and an insert. The ratio is
// the REST layer's overhead (HTTP, gateway, parsing, planning, the per-request transaction).
// Beside GET by key and the count, a bare `node:http` process answers the same bytes to the same
// client with the same method: the HTTP exchange alone, the floor under those REST figures on this
// machine. (Node's fetch closes the connection after every HEAD, so a HEAD's floor has a connect.)
// For comparison only, the same two REST requests also go through `node:http`'s own client with a
// keep-alive Agent — a leaner client, as the SQL side's `pg` is — so a reader sees how much of each
// ratio is the client's; the ratios that count stay the ones through `fetch`, as supabase-js sends.
import { fileURLToPath } from "node:url";
import { Agent, request } from "node:http";
import pg from "pg";
import { startBareServer } from "./support/bare-server.js";
import { measureLoop } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "rest";

const fixture = fileURLToPath(new URL("../stack/test/fixtures/rest", import.meta.url));
const CONCURRENCY = 4;

/** Closed-loop `once` on CONCURRENCY lanes for `durationMs`. */
const measure = (durationMs, once) => measureLoop({ seconds: durationMs / 1000, concurrency: CONCURRENCY, run: once });

/** `measure` after a short warm-up that is not counted. */
async function warmedMeasure(durationMs, once) {
  await measure(300, once);
  return measure(durationMs, once);
}

/** A comparison's two rows: its p50 / p99, and its p50 as a multiple of the SQL's. */
function comparedRows(label, result, direct, conditions, ratioLabel) {
  return [
    {
      figure: `${label} p50 / p99`,
      value: `${result.p50.toFixed(2)} / ${result.p99.toFixed(2)}`,
      unit: "ms",
      conditions,
    },
    { figure: `${label} ÷ SQL (p50), ${ratioLabel}`, value: result.p50 / direct.p50, unit: "x", conditions: "" },
  ];
}

/** The same work the REST service does for each case, as one SQL statement with the JSON built in PostgreSQL. */
const CASES = [
  {
    figure: "GET by primary key",
    floor: true,
    rest: { path: "/users?select=id,username,status&id=eq.00000000-0000-0000-0000-000000000001" },
    sql: [
      "select coalesce(json_agg(t), '[]')::text from (select id, username, status from public.users where id = $1) t",
      ["00000000-0000-0000-0000-000000000001"],
    ],
  },
  {
    figure: "filtered page with embed",
    rest: { path: "/messages?select=id,body,sender:users!sender_id(username)&channel_id=eq.1&order=id.desc&limit=20" },
    sql: [
      "select coalesce(json_agg(t), '[]')::text from (select m.id, m.body, (select row_to_json(u) from (select username from public.users u where u.id = m.sender_id) u) as sender from public.messages m where m.channel_id = $1 order by m.id desc limit 20) t",
      ["1"],
    ],
  },
  {
    figure: "exact count (HEAD)",
    floor: true,
    rest: { path: "/messages?select=id&channel_id=eq.1", method: "HEAD", headers: { prefer: "count=exact" } },
    sql: ["select count(*) from public.messages where channel_id = $1", ["1"]],
  },
  {
    figure: "insert one row",
    rest: {
      path: "/kv",
      method: "POST",
      body: () => JSON.stringify({ k: `r${Math.random()}`, v: "x" }),
      headers: { "content-type": "application/json" },
    },
    sql: [
      `insert into public.kv (k, v) select k, v from json_to_recordset($1::json) as b(k text, v text) returning 1`,
      () => [JSON.stringify([{ k: `d${Math.random()}`, v: "x" }])],
    ],
  },
];

export async function run({ quick }) {
  const setup = await benchStackSetup(fixture);
  const stack = await startBenchStack(setup);
  const { API_URL: url, PUBLISHABLE_KEY: key, DB_URL: dbUrl } = stack.status;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
  const duration = quick ? 1500 : 5000;
  const rows = [];
  try {
    // Some rows so the page and the count read more than the seed.
    await pool.query(
      "insert into public.messages (channel_id, sender_id, body) select 1 + (i % 2), '00000000-0000-0000-0000-000000000001', 'bench ' || i from generate_series(1, 2000) i",
    );
    await pool.query("analyze");
    for (const c of CASES) {
      const call = async () => {
        const response = await fetch(`${url}/rest/v1${c.rest.path}`, {
          method: c.rest.method ?? "GET",
          headers: { apikey: key, ...c.rest.headers },
          ...(c.rest.body ? { body: c.rest.body() } : {}),
        });
        if (response.status >= 300) throw new Error(`${c.figure}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      };
      const rest = await warmedMeasure(duration, call);
      const [text, values] = c.sql;
      const direct = await measure(duration, () => pool.query(text, typeof values === "function" ? values() : values));
      const conditions = `${CONCURRENCY} concurrent clients, ${duration / 1000} s`;
      rows.push(
        { figure: `${c.figure}: REST req/s`, value: rest.perSecond, unit: "req/s", conditions },
        {
          figure: `${c.figure}: REST p50 / p99`,
          value: `${rest.p50.toFixed(2)} / ${rest.p99.toFixed(2)}`,
          unit: "ms",
          conditions,
        },
        {
          figure: `${c.figure}: direct SQL q/s`,
          value: direct.perSecond,
          unit: "q/s",
          conditions: `same SQL over a pg pool (${CONCURRENCY} connections)`,
        },
        {
          figure: `${c.figure}: direct p50 / p99`,
          value: `${direct.p50.toFixed(2)} / ${direct.p99.toFixed(2)}`,
          unit: "ms",
          conditions: "",
        },
        {
          figure: `${c.figure}: overhead (p50 REST / p50 SQL)`,
          value: rest.p50 / direct.p50,
          unit: "x",
          conditions: "",
        },
      );
      if (c.floor) {
        rows.push(...(await httpFloor(c, `${url}/rest/v1${c.rest.path}`, key, duration, direct)));
        rows.push(...(await throughNodeHttp(c, `${url}/rest/v1${c.rest.path}`, key, duration, direct)));
      }
    }
  } finally {
    await pool.end();
    await stack.stop();
    await setup.remove();
  }
  return rows;
}

/** The same answer from a bare `node:http` process through the same client: what HTTP alone costs. */
async function httpFloor(c, restUrl, key, duration, direct) {
  const method = c.rest.method ?? "GET";
  const headers = { apikey: key, ...c.rest.headers };
  const answer = await fetch(restUrl, { headers }).then((response) => response.text());
  const bare = await startBareServer({ body: answer });
  try {
    const call = async () => {
      const response = await fetch(bare.url, { method, headers });
      await response.arrayBuffer();
    };
    const floor = await warmedMeasure(duration, call);
    const label = `${c.figure}: HTTP alone (bare node:http, same answer, client, method)`;
    return comparedRows(
      label,
      floor,
      direct,
      `${CONCURRENCY} concurrent clients, ${duration / 1000} s`,
      "the floor under its ratio",
    );
  } finally {
    await bare.stop();
  }
}

/** The same REST request through `node:http`'s client with a keep-alive Agent: the ratio without `fetch`'s cost. */
async function throughNodeHttp(c, restUrl, key, duration, direct) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const options = { method: c.rest.method ?? "GET", headers: { apikey: key, ...c.rest.headers }, agent };
  const call = () =>
    new Promise((resolve, reject) => {
      const outgoing = request(restUrl, options, (response) => {
        if (response.statusCode >= 300) reject(new Error(`${c.figure}: ${response.statusCode}`));
        response.resume();
        response.on("end", resolve);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  try {
    const lean = await warmedMeasure(duration, call);
    const label = `${c.figure}: REST through node:http's client (keep-alive Agent)`;
    return comparedRows(
      label,
      lean,
      direct,
      `${CONCURRENCY} concurrent clients, ${duration / 1000} s, for comparison`,
      "for comparison",
    );
  } finally {
    agent.destroy();
  }
}
