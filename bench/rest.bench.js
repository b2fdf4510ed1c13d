// /rest/v1 throughput and latency beside the same SQL sent straight to PostgreSQL over a pool:
// GET by primary key, a filtered page with an embed, an exact count, and an insert. The ratio is
// the REST layer's overhead (HTTP, gateway, parsing, planning, the per-request transaction).
//
// Which HTTP client counts. The SQL side is `pg`: a lean client holding keep-alive connections. The
// REST side that counts is its HTTP equivalent, `node:http`'s client with a keep-alive Agent, so the
// ratio is the server's cost and not the client's. Node's `fetch` (undici, as supabase-js uses in
// Node) is measured beside it on every case and printed: on this 2-core machine `fetch` alone,
// against a bare `node:http` process answering the same bytes, already costs about 1.8× the SQL of
// a read by key, so no server could reach a ratio below that through it. (It also closes the
// connection after every HEAD, so a HEAD's floor through it has a connect.)
// Beside GET by key and the count, that bare process answers the same bytes to both clients with the
// same method: the HTTP exchange alone, the floor under those figures.
import { fileURLToPath } from "node:url";
import { Agent, request } from "node:http";
import pg from "pg";
import { startBareServer } from "./support/bare-server.js";
import { measureLoop } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "rest";

const fixture = fileURLToPath(new URL("../stack/test/fixtures/rest", import.meta.url));
const CONCURRENCY = 4;
const BARE = "a bare node:http process answering the same bytes";

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
  const clients = httpClients();
  const duration = quick ? 1500 : 5000;
  const conditions = `${CONCURRENCY} concurrent clients, ${duration / 1000} s`;
  const rows = [];
  try {
    // Some rows so the page and the count read more than the seed.
    await pool.query(
      "insert into public.messages (channel_id, sender_id, body) select 1 + (i % 2), '00000000-0000-0000-0000-000000000001', 'bench ' || i from generate_series(1, 2000) i",
    );
    await pool.query("analyze");
    for (const c of CASES) {
      const restUrl = `${url}/rest/v1${c.rest.path}`;
      const send = (client) => async () => {
        const { status, body } = await client.send(restUrl, exchange(c, key));
        if (status >= 300) throw new Error(`${c.figure}: ${status} ${body}`);
      };
      const rest = await warmedMeasure(duration, send(clients.lean));
      const viaFetch = await warmedMeasure(duration, send(clients.fetch));
      const [text, values] = c.sql;
      const direct = await warmedMeasure(duration, () =>
        pool.query(text, typeof values === "function" ? values() : values),
      );
      rows.push(...caseRows(c.figure, rest, direct, conditions));
      rows.push(...comparedRows(`${c.figure}: REST through fetch`, viaFetch, direct, conditions, "for comparison"));
      if (c.floor) rows.push(...(await httpFloor(c, clients, restUrl, key, duration, direct)));
    }
  } finally {
    clients.close();
    await pool.end();
    await stack.stop();
    await setup.remove();
  }
  return rows;
}

/** A case's counted rows: REST through the lean client beside the same SQL, and their ratio. */
function caseRows(figure, rest, direct, conditions) {
  const client = `${conditions}, node:http keep-alive client`;
  return [
    { figure: `${figure}: REST req/s`, value: rest.perSecond, unit: "req/s", conditions: client },
    {
      figure: `${figure}: REST p50 / p99`,
      value: `${rest.p50.toFixed(2)} / ${rest.p99.toFixed(2)}`,
      unit: "ms",
      conditions: client,
    },
    {
      figure: `${figure}: direct SQL q/s`,
      value: direct.perSecond,
      unit: "q/s",
      conditions: `same SQL over a pg pool (${CONCURRENCY} connections)`,
    },
    {
      figure: `${figure}: direct p50 / p99`,
      value: `${direct.p50.toFixed(2)} / ${direct.p99.toFixed(2)}`,
      unit: "ms",
      conditions: "",
    },
    { figure: `${figure}: overhead (p50 REST / p50 SQL)`, value: rest.p50 / direct.p50, unit: "x", conditions: "" },
  ];
}

/** What a case sends: method, headers (the publishable key as apikey) and, for an insert, a fresh body. */
function exchange(c, key) {
  return {
    method: c.rest.method ?? "GET",
    headers: { apikey: key, ...c.rest.headers },
    body: c.rest.body?.(),
  };
}

/**
 * The two HTTP clients, each resolving to the answer's status and body once the body has been read
 * whole: `lean`, `node:http`'s client on a keep-alive Agent (the one that counts), and `fetch`.
 */
function httpClients() {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const lean = (url, { method, headers, body }) =>
    new Promise((resolve, reject) => {
      const outgoing = request(url, { method, headers, agent }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  const viaFetch = async (url, { method, headers, body }) => {
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, body: await response.text() };
  };
  return { lean: { send: lean }, fetch: { send: viaFetch }, close: () => agent.destroy() };
}

/** The same answer from a bare `node:http` process through both clients: what HTTP alone costs. */
async function httpFloor(c, clients, restUrl, key, duration, direct) {
  // The GET's body, so a HEAD's answer carries the same length header as the stack's does.
  const { body: answer } = await clients.lean.send(restUrl, { ...exchange(c, key), method: "GET" });
  const bare = await startBareServer({ body: answer });
  const conditions = `${CONCURRENCY} concurrent clients, ${duration / 1000} s`;
  try {
    const rows = [];
    for (const [name, client] of [
      ["node:http client", clients.lean],
      ["fetch", clients.fetch],
    ]) {
      const floor = await warmedMeasure(duration, () => client.send(bare.url, exchange(c, key)));
      const label = `${c.figure}: HTTP alone through ${name}`;
      rows.push(...comparedRows(label, floor, direct, `${conditions}, ${BARE}`, "the floor under its ratio"));
    }
    return rows;
  } finally {
    await bare.stop();
  }
}
