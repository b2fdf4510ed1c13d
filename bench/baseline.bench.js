// The stack beside a bare Node HTTP server on the same port, measured in one run: the same
// closed-loop client hits a bare `node:http` JSON answer, then the stack's cheapest endpoint
// (auth health: gateway, api key, logging, routing) and a REST read by primary key. The gaps are the
// stack's own cost per request on top of Node's HTTP.
import { fileURLToPath } from "node:url";
import { startBareServer } from "./support/bare-server.js";
import { measureLoop } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "baseline";

const fixture = fileURLToPath(new URL("../stack/test/fixtures/rest", import.meta.url));
const CONCURRENCY = 16;

async function drive(url, headers, seconds) {
  const call = async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
  await measureLoop({ seconds: 0.5, concurrency: CONCURRENCY, run: call });
  return measureLoop({ seconds, concurrency: CONCURRENCY, run: call });
}

export async function run({ quick }) {
  const seconds = quick ? 1 : 8;
  const setup = await benchStackSetup(fixture);
  const port = Number(setup.env.PARLEY_STACK_API_PORT);
  const conditions = `${CONCURRENCY} concurrent keep-alive clients, ${seconds} s, port ${port} for both`;

  // The bare server runs in a process of its own, as the stack does, so neither shares the
  // load generator's event loop.
  const bare = await startBareServer({
    port,
    body: JSON.stringify({ version: "bare", name: "node:http", description: "baseline" }),
  });
  const bareResult = await drive(bare.url, {}, seconds);
  await bare.stop();

  const stack = await startBenchStack(setup);
  const { API_URL: url, PUBLISHABLE_KEY: key } = stack.status;
  try {
    const health = await drive(`${url}/auth/v1/health`, { apikey: key }, seconds);
    const rest = await drive(
      `${url}/rest/v1/users?select=id,username&id=eq.00000000-0000-0000-0000-000000000001`,
      { apikey: key },
      seconds,
    );
    const rows = [];
    for (const [label, r] of [
      ["bare node:http", bareResult],
      ["stack /auth/v1/health", health],
      ["stack REST by primary key", rest],
    ]) {
      rows.push({ figure: `${label}: req/s`, value: r.perSecond, unit: "req/s", conditions });
      rows.push({
        figure: `${label}: p50 / p99`,
        value: `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`,
        unit: "ms",
        conditions,
      });
    }
    rows.push({
      figure: "stack health vs bare: throughput",
      value: health.perSecond / bareResult.perSecond,
      unit: "x",
      conditions: "stack req/s ÷ bare req/s",
    });
    rows.push({
      figure: "stack REST vs bare: throughput",
      value: rest.perSecond / bareResult.perSecond,
      unit: "x",
      conditions: "stack req/s ÷ bare req/s",
    });
    return rows;
  } finally {
    await stack.stop();
    await setup.remove();
  }
}
