// A bounded load test on loopback: a few hundred realtime websocket clients (joined to broadcast
// topics, a sender per topic) and a hundred closed-loop HTTP clients (REST reads, REST inserts and
// auth health) at once, for a minute (`--quick`: 10 s, fewer clients). Reports errors (the goal is
// zero), throughput and p99 latency for each side. Load generator and stack share the machine.
import { fileURLToPath } from "node:url";
import { measureLoop, percentile } from "./support/measure.js";
import { openSocket } from "./support/phoenix-client.js";
import { benchStackSetup, stackMemory, startBenchStack } from "./support/stack.js";

export const name = "load";

const fixture = fileURLToPath(new URL("../stack/test/fixtures/rest", import.meta.url));
const TOPICS = 10;

const generousLimits = {
  PARLEY_STACK_REALTIME_MAX_EVENTS_PER_SECOND: "100000000",
  PARLEY_STACK_REALTIME_MAX_JOINS_PER_SECOND: "100000",
  PARLEY_STACK_REALTIME_MAX_CONCURRENT_USERS: "100000",
};

/** The HTTP mix: each lane picks the next request in turn. */
function httpRequests(url, key) {
  const headers = { apikey: key };
  return [
    () =>
      fetch(`${url}/rest/v1/users?select=id,username,status&id=eq.00000000-0000-0000-0000-000000000001`, { headers }),
    () =>
      fetch(
        `${url}/rest/v1/messages?select=id,body,sender:users!sender_id(username)&channel_id=eq.1&order=id.desc&limit=20`,
        { headers },
      ),
    () =>
      fetch(`${url}/rest/v1/kv`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", prefer: "return=minimal" },
        body: JSON.stringify({ k: `load-${crypto.randomUUID()}`, v: "x" }),
      }),
    () => fetch(`${url}/auth/v1/health`, { headers }),
  ];
}

async function httpLoad(url, key, { clients, seconds }) {
  const requests = httpRequests(url, key);
  const errors = new Map();
  const count = (what) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const result = await measureLoop({
    seconds,
    concurrency: clients,
    setup: (lane) => lane,
    run: async (turn) => {
      try {
        const response = await requests[turn % requests.length]();
        await response.arrayBuffer();
        if (response.status >= 400) count(`HTTP ${response.status}`);
      } catch (error) {
        count(error?.cause?.code ?? error?.name ?? "error");
      }
      return turn + 1;
    },
  });
  return { requests: result.operations, perSecond: result.perSecond, p50: result.p50, p99: result.p99, errors };
}

async function websocketLoad(url, key, { clients, seconds, ratePerTopic }) {
  const errors = new Map();
  const count = (what) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const sockets = [];
  for (let i = 0; i < clients; i += 25) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(25, clients - i) }, () => openSocket(url, key)),
    );
    for (const result of batch) {
      if (result.status === "fulfilled") sockets.push(result.value);
      else count("connect failed");
    }
  }
  const joins = [];
  for (const [i, socket] of sockets.entries()) {
    const topic = `load-${i % TOPICS}`;
    socket.ws.on("close", () => count("socket closed"));
    try {
      joins.push({ socket, topic, ...(await socket.join(topic, { broadcast: { self: false } })) });
    } catch {
      count("join refused");
    }
  }
  const latencies = [];
  let delivered = 0;
  for (const { socket } of joins) {
    socket.onMessage(({ event, payload, received }) => {
      if (event !== "broadcast" || typeof payload?.payload?.sentAt !== "number") return;
      delivered++;
      latencies.push(received - payload.payload.sentAt);
    });
  }
  // One sender per topic: the first joined socket of each topic.
  const senders = [...new Map(joins.map((j) => [j.topic, j])).values()];
  const receiversPerTopic = new Map();
  for (const j of joins) receiversPerTopic.set(j.topic, (receiversPerTopic.get(j.topic) ?? 0) + 1);
  let expected = 0;
  let sent = 0;
  const interval = 1000 / ratePerTopic;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    senders.map(async (sender) => {
      while (performance.now() < deadline) {
        sender.socket.broadcast(sender.joinRef, sender.topic, "load", { sentAt: performance.now() });
        sent++;
        expected += receiversPerTopic.get(sender.topic) - 1;
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
    }),
  );
  // Let the last messages arrive.
  const settle = performance.now() + 5000;
  while (delivered < expected && performance.now() < settle) await new Promise((resolve) => setTimeout(resolve, 100));
  if (delivered < expected) errors.set("broadcasts not delivered", expected - delivered);
  for (const socket of sockets) socket.ws.removeAllListeners("close");
  for (const socket of sockets) socket.close();
  return {
    sockets: sockets.length,
    joined: joins.length,
    sent,
    delivered,
    expected,
    perSecond: delivered / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

const errorSummary = (errors) => (errors.size === 0 ? "none" : [...errors].map(([k, v]) => `${k}: ${v}`).join(", "));
const total = (errors) => [...errors.values()].reduce((a, b) => a + b, 0);

export async function run({ quick }) {
  const setup = await benchStackSetup(fixture);
  Object.assign(setup.env, generousLimits);
  const stack = await startBenchStack(setup);
  const { API_URL: url, PUBLISHABLE_KEY: key } = stack.status;
  const seconds = quick ? 5 : 60;
  const wsClients = quick ? 60 : 300;
  const httpClients = quick ? 20 : 100;
  try {
    const [ws, http] = await Promise.all([
      websocketLoad(url, key, { clients: wsClients, seconds, ratePerTopic: 5 }),
      httpLoad(url, key, { clients: httpClients, seconds }),
    ]);
    const memory = await stackMemory(stack, setup);
    const conditions = `${wsClients} websocket + ${httpClients} HTTP clients at once, ${seconds} s`;
    return [
      {
        figure: "HTTP requests (REST read/embed/insert, auth health)",
        value: http.requests,
        unit: "requests",
        conditions,
      },
      {
        figure: "HTTP throughput",
        value: http.perSecond,
        unit: "req/s",
        conditions: `${httpClients} closed-loop clients`,
      },
      { figure: "HTTP p50 / p99", value: `${http.p50.toFixed(1)} / ${http.p99.toFixed(1)}`, unit: "ms", conditions },
      { figure: "HTTP errors", value: total(http.errors), unit: "errors", conditions: errorSummary(http.errors) },
      {
        figure: "websockets connected / joined",
        value: `${ws.sockets} / ${ws.joined}`,
        unit: "sockets",
        conditions: `of ${wsClients}, ${TOPICS} broadcast topics`,
      },
      {
        figure: "broadcasts delivered",
        value: `${ws.delivered} / ${ws.expected}`,
        unit: "messages",
        conditions: `${ws.sent} sent, 5/s per topic`,
      },
      {
        figure: "broadcast delivery p50 / p99",
        value: `${ws.p50.toFixed(1)} / ${ws.p99.toFixed(1)}`,
        unit: "ms",
        conditions,
      },
      { figure: "websocket errors", value: total(ws.errors), unit: "errors", conditions: errorSummary(ws.errors) },
      {
        figure: "stack RSS after load",
        value: memory.bytes / 1024 ** 2,
        unit: "MiB",
        conditions: `node + ${memory.processes - 1} PostgreSQL processes`,
      },
    ];
  } finally {
    await stack.stop();
    await setup.remove();
  }
}
