// `Accept: application/geo+json`: PostgREST builds a FeatureCollection with PostGIS's ST_AsGeoJSON.
// The embedded PostgreSQL has no PostGIS, so the answer is what PostgREST gives without it:
// PostgreSQL's 42883 for the missing function, as 404 — not PGRST107.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const MISSING = {
  code: "42883",
  message: "function st_asgeojson(record) does not exist",
  details: null,
  hint: "No function matches the given name and argument types. You might need to add explicit type casts.",
};

describe("application/geo+json without PostGIS", () => {
  it("answers 42883 with HTTP 404 for reads, as PostgREST does", async () => {
    const response = await s.http("/channels?select=id,slug", { headers: { accept: "application/geo+json" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(MISSING);
  });

  it("answers the same through supabase-js's geojson()", async () => {
    const { error, status } = await s.anon.from("channels").select("id").geojson();
    expect(status).toBe(404);
    expect(error).toEqual(MISSING);
  });

  it("builds the FeatureCollection when an ST_AsGeoJSON(record) is on the search path", async () => {
    // A stand-in for PostGIS's function, to show the document PostgREST builds around it.
    await adminSql(
      s.t,
      `create function public.st_asgeojson(r record) returns text language plpgsql immutable as
         $$ begin return json_build_object('type', 'Feature', 'properties', to_json(r))::text; end $$;
       notify pgrst, 'reload schema';`,
    );
    const read = () => s.http("/channels?select=id&id=lte.2&order=id", { headers: { accept: "application/geo+json" } });
    await until(async () => (await read()).status === 200, "the function is found");
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(await response.json()).toEqual({
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: { id: 1 } },
        { type: "Feature", properties: { id: 2 } },
      ],
    });
  });
});
