// Realtime: broadcast fan-out latency, one sender's throughput, insert → postgres change latency and
// memory per idle websocket. Subscribers are bare Phoenix clients in this process (same clock), so
// the bench's own work shares the machine with the stack: figures are upper bounds.
import pg from "pg";
import { percentile } from "./support/measure.js";
import { openSocket } from "./support/phoenix-client.js";
import { benchStackSetup, stackMemory, startBenchStack } from "./support/stack.js";

export const name = "realtime";

const generousLimits = {
  PARLEY_STACK_REALTIME_MAX_EVENTS_PER_SECOND: "100000000",
  PARLEY_STACK_REALTIME_MAX_JOINS_PER_SECOND: "100000",
  PARLEY_STACK_REALTIME_MAX_CONCURRENT_USERS: "100000",
};

export async function run({ quick }) {
  const setup = await benchStackSetup();
  Object.assign(setup.env, generousLimits);
  const stack = await startBenchStack(setup);
  const { API_URL: apiUrl, ANON_KEY: anonKey, DB_URL: dbUrl } = stack.status;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const rows = [];
  try {
    for (const subscribers of quick ? [50, 200] : [100, 1000]) {
      const { p50, p99, messages } = await fanOut(apiUrl, anonKey, subscribers, quick ? 10 : 30);
      const conditions = `${subscribers} subscribers, one socket each, ${messages} messages${quick ? " (quick: fewer subscribers than 100/1,000)" : ""}`;
      rows.push({ figure: `broadcast fan-out p50 (${subscribers} subs)`, value: p50, unit: "ms", conditions });
      rows.push({ figure: `broadcast fan-out p99 (${subscribers} subs)`, value: p99, unit: "ms", conditions });
    }
    const count = quick ? 2000 : 10000;
    rows.push({
      figure: "broadcast throughput, one sender",
      value: await throughput(apiUrl, anonKey, count),
      unit: "msg/s",
      conditions: `${count} text broadcasts, one receiver`,
    });
    const latencies = await insertToChange(apiUrl, anonKey, db, quick ? 20 : 100);
    rows.push({
      figure: "insert → postgres change p50",
      value: percentile(latencies, 50),
      unit: "ms",
      conditions: `${latencies.length} inserts, one subscriber, no RLS`,
    });
    rows.push({
      figure: "insert → postgres change p99",
      value: percentile(latencies, 99),
      unit: "ms",
      conditions: `${latencies.length} inserts, one subscriber, no RLS`,
    });
    const idle = quick ? 200 : 1000;
    rows.push({
      figure: "memory per idle connection",
      value: await memoryPerConnection(stack, setup, apiUrl, anonKey, idle),
      unit: "KiB",
      conditions: `${idle} sockets, one joined channel each; stack RSS delta / sockets`,
    });
  } finally {
    await db.end();
    await stack.stop();
    await setup.remove();
  }
  return rows;
}

async function openMany(apiUrl, key, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 50) {
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => openSocket(apiUrl, key)))),
    );
  }
  return sockets;
}

export async function fanOut(apiUrl, key, subscribers, messages) {
  const sockets = await openMany(apiUrl, key, subscribers);
  const latencies = [];
  let pending = 0;
  let wake = () => undefined;
  for (const socket of sockets) {
    socket.onMessage(({ event, payload, received }) => {
      if (event !== "broadcast") return;
      latencies.push(received - payload.payload.sentAt);
      pending -= 1;
      if (pending === 0) wake();
    });
    await socket.join("fanout", { broadcast: { self: false }, presence: { enabled: false } });
  }
  const sender = await openSocket(apiUrl, key);
  const { joinRef } = await sender.join("fanout", { broadcast: { self: false } });
  for (let i = 0; i < messages; i += 1) {
    pending = subscribers;
    const done = new Promise((resolve) => (wake = resolve));
    sender.broadcast(joinRef, "fanout", "tick", { sentAt: performance.now() });
    await done;
  }
  for (const socket of [...sockets, sender]) socket.close();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), messages };
}

async function throughput(apiUrl, key, count) {
  const receiver = await openSocket(apiUrl, key);
  let got = 0;
  let wake = () => undefined;
  receiver.onMessage(({ event }) => {
    if (event === "broadcast" && ++got === count) wake();
  });
  await receiver.join("throughput", {});
  const sender = await openSocket(apiUrl, key);
  const { joinRef } = await sender.join("throughput", {});
  const done = new Promise((resolve) => (wake = resolve));
  const started = performance.now();
  for (let i = 0; i < count; i += 1) sender.broadcast(joinRef, "throughput", "m", { i });
  await done;
  const seconds = (performance.now() - started) / 1000;
  receiver.close();
  sender.close();
  return count / seconds;
}

async function insertToChange(apiUrl, key, db, inserts) {
  await db.query(
    "create table if not exists public.bench_items (id bigint generated always as identity primary key, v int)",
  );
  await db.query("alter publication supabase_realtime add table public.bench_items");
  const socket = await openSocket(apiUrl, key);
  let wake = () => undefined;
  socket.onMessage(({ event, received }) => {
    if (event === "postgres_changes") wake(received);
  });
  await socket.join("changes", { postgres_changes: [{ event: "INSERT", schema: "public", table: "bench_items" }] });
  const latencies = [];
  for (let i = 0; i < inserts; i += 1) {
    const arrived = new Promise((resolve) => (wake = resolve));
    const started = performance.now();
    await db.query("insert into public.bench_items (v) values ($1)", [i]);
    latencies.push((await arrived) - started);
  }
  socket.close();
  return latencies;
}

async function memoryPerConnection(stack, setup, apiUrl, key, count) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = (await stackMemory(stack, setup)).bytes;
  const sockets = await openMany(apiUrl, key, count);
  for (const [i, socket] of sockets.entries()) await socket.join(`idle-${i}`, {});
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = (await stackMemory(stack, setup)).bytes;
  for (const socket of sockets) socket.close();
  return (after - before) / count / 1024;
}
