// REST reads as a table grows: GET by primary key and a filtered, ordered page (both indexed), at each size.
import { measureLoop } from "../measure.js";

const GROUPS = 1000;

async function createTable(db) {
  await db.query(`
    create table public.growth_items (
      id bigint primary key,
      grp int not null,
      body text not null,
      created_at timestamptz not null default now()
    );
    create index growth_items_grp_idx on public.growth_items (grp, id desc);
    grant select on public.growth_items to service_role;
    notify pgrst, 'reload schema';`);
}

/** Waits until the REST schema cache knows the new table. */
async function waitForTable(get) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await get("/growth_items?select=id&limit=1");
    await response.arrayBuffer();
    if (response.ok) return;
    if (Date.now() > deadline) throw new Error(`growth_items never appeared in the schema cache: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Rows: p50/p99 of both reads at every size in `sizes` (row counts, ascending). */
export async function restGrowth({ db, apiUrl, serviceKey, sizes, seconds, concurrency }) {
  const get = (path) =>
    fetch(`${apiUrl}/rest/v1${path}`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
  const call = async (path) => {
    const response = await get(path);
    if (!response.ok) throw new Error(`REST ${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  await createTable(db);
  await waitForTable(get);
  const rows = [];
  let loaded = 0;
  for (const size of sizes) {
    await db.query(
      "insert into public.growth_items (id, grp, body) select i, i % $3, 'item ' || i || ' of the growth bench' from generate_series($1::bigint, $2::bigint) i",
      [loaded + 1, size, GROUPS],
    );
    await db.query("vacuum analyze public.growth_items");
    // The bulk load leaves a checkpoint due; take it now rather than while the figures are measured.
    await db.query("checkpoint");
    loaded = size;
    const cases = [
      ["by key", () => `/growth_items?select=id,grp,body&id=eq.${1 + Math.floor(Math.random() * size)}`],
      [
        "filtered page",
        () => `/growth_items?select=id,body&grp=eq.${Math.floor(Math.random() * GROUPS)}&order=id.desc&limit=20`,
      ],
    ];
    for (const [series, path] of cases) {
      await measureLoop({ seconds: 0.3, concurrency, run: () => call(path()) });
      const result = await measureLoop({ seconds, concurrency, run: () => call(path()) });
      for (const p of ["p50", "p99"]) {
        rows.push({
          figure: `REST ${series} ${p}, ${size.toLocaleString("en")} rows`,
          value: result[p],
          unit: "ms",
          conditions: `${concurrency} clients, ${seconds} s, indexed`,
          growth: { panel: "REST read", series: `${series} ${p}`, size, sizeUnit: "rows" },
        });
      }
    }
  }
  return rows;
}
