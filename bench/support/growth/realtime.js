// Realtime as the audience grows: broadcast fan-out to N subscribers, and postgres-changes delivery
// through RLS to N signed-in subscribers (each event is checked against each subscriber's policy).
import { SignJWT } from "jose";
import { fanOut } from "../../realtime.bench.js";
import { percentile } from "../measure.js";
import { openSocket } from "../phoenix-client.js";

/** Rows: broadcast fan-out p50/p99 at every subscriber count in `sizes`. */
export async function fanOutGrowth({ apiUrl, anonKey, sizes, messages }) {
  const rows = [];
  for (const size of sizes) {
    const { p50, p99 } = await fanOut(apiUrl, anonKey, size, messages);
    for (const [p, value] of [
      ["p50", p50],
      ["p99", p99],
    ]) {
      rows.push({
        figure: `broadcast fan-out ${p}, ${size.toLocaleString("en")} subscribers`,
        value,
        unit: "ms",
        conditions: `one socket each, ${messages} messages`,
        growth: { panel: "Broadcast fan-out", series: p, size, sizeUnit: "subscribers" },
      });
    }
  }
  return rows;
}

async function createFeed(db) {
  await db.query(`
    create table public.growth_feed (id bigint generated always as identity primary key, room int not null, body text);
    create table public.growth_room_members (room int not null, user_id uuid not null, primary key (room, user_id));
    alter table public.growth_feed enable row level security;
    create policy "members read their room" on public.growth_feed for select to authenticated
      using (exists (select 1 from public.growth_room_members m where m.room = growth_feed.room and m.user_id = (select auth.uid())));
    grant select on public.growth_feed to authenticated;
    grant select on public.growth_room_members to authenticated;
    alter publication supabase_realtime add table public.growth_feed;`);
}

function userToken(jwtSecret, userId) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: "authenticated", aud: "authenticated" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** Opens `count` sockets, each signed in as a new member of `room`, subscribed to its inserts. */
async function subscribe(db, { apiUrl, anonKey, jwtSecret }, room, count, onChange) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db.query("insert into public.growth_room_members (room, user_id) select $1, unnest($2::uuid[])", [room, ids]);
  const sockets = [];
  for (let i = 0; i < ids.length; i += 50) {
    const batch = ids.slice(i, i + 50);
    sockets.push(
      ...(await Promise.all(batch.map(async (id) => openSocket(apiUrl, anonKey, await userToken(jwtSecret, id))))),
    );
  }
  for (const socket of sockets) {
    socket.onMessage(({ event, received }) => event === "postgres_changes" && onChange(received));
    await socket.join(`growth-${room}`, {
      postgres_changes: [{ event: "INSERT", schema: "public", table: "growth_feed", filter: `room=eq.${room}` }],
    });
  }
  return sockets;
}

/** Rows: insert → postgres change p50/p99 across all subscribers, at every count in `sizes`. */
export async function changesGrowth({ db, apiUrl, anonKey, jwtSecret, sizes, inserts }) {
  await createFeed(db);
  const rows = [];
  for (const [room, size] of sizes.entries()) {
    const latencies = [];
    let pending = 0;
    let insertedAt = 0;
    let wake = () => undefined;
    const sockets = await subscribe(db, { apiUrl, anonKey, jwtSecret }, room, size, (received) => {
      latencies.push(received - insertedAt);
      pending -= 1;
      if (pending === 0) wake();
    });
    let firstInsert = 0;
    for (let i = 0; i < inserts; i += 1) {
      pending = size;
      const delivered = new Promise((resolve) => (wake = resolve));
      insertedAt = performance.now();
      await db.query("insert into public.growth_feed (room, body) values ($1, $2)", [room, `event ${i}`]);
      await Promise.race([
        delivered,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`${pending} of ${size} subscribers missed a change`)), 30_000),
        ),
      ]);
      if (i === 0) firstInsert = Math.max(...latencies);
    }
    for (const socket of sockets) socket.close();
    for (const p of [50, 99]) {
      rows.push({
        figure: `postgres change through RLS p${p}, ${size.toLocaleString("en")} subscribers`,
        value: percentile(latencies, p),
        unit: "ms",
        conditions: `${inserts} inserts, each subscriber a different user checked by a policy`,
        growth: { panel: "Postgres changes (RLS)", series: `p${p}`, size, sizeUnit: "subscribers" },
      });
    }
    // Also in the p50/p99 above; shown alone because the first change after subscribing is where
    // policy-check connections that are not yet open show (it used to be the slowest insert by far).
    rows.push({
      figure: `postgres change through RLS, first insert, ${size.toLocaleString("en")} subscribers`,
      value: firstInsert,
      unit: "ms",
      conditions: "the first insert after all joined, until its last subscriber has it",
    });
  }
  return rows;
}
