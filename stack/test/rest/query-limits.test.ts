// What a query too big for PostgreSQL answers: PostgREST's error shape with 400, never a 500 from
// PostgreSQL's own limits (54011 for more than 1,664 result columns, 57014 when a deep embed's
// statement runs out of time). See ../../src/rest/README.md, "Limits".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

/** `username,best_friend_id(username,best_friend_id(…))`: embeds nested `depth` levels deep. */
function nestedEmbed(depth: number): string {
  let select = "username";
  for (let level = 0; level < depth; level += 1) select = `username,best_friend_id(${select})`;
  return select;
}

async function answer(path: string): Promise<{ status: number; body: unknown }> {
  const response = await s.http(path);
  return { status: response.status, body: await response.json() };
}

describe("limits of a select", () => {
  it("answers 400 with PostgREST's error shape for 3,000 columns", async () => {
    const columns = Array.from({ length: 3000 }, () => "id").join(",");
    const { status, body } = await answer(`/users?select=${columns}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "PGRST100",
      message: "select parameter has too many columns",
      details: "3000 columns are selected, at most 1000 may be",
      hint: null,
    });
  });

  it("answers 400 with PostgREST's error shape for an embed 200 levels deep", async () => {
    const { status, body } = await answer(`/users?select=${nestedEmbed(200)}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "PGRST100",
      message: "select parameter nests embedded resources too deeply",
      details: "embedded resources are nested 200 levels deep, at most 16 may be",
      hint: null,
    });
  });

  it("still answers an embed 16 levels deep and 1,000 columns", async () => {
    const deep = await answer(`/users?select=${nestedEmbed(16)}&username=eq.alice`);
    expect(deep.status).toBe(200);
    const columns = Array.from({ length: 1000 }, () => "username").join(",");
    const wide = await answer(`/users?select=${columns}&username=eq.alice`);
    expect(wide).toEqual({ status: 200, body: [{ username: "alice" }] });
  });

  it("counts the columns of embeds too", async () => {
    const embedded = Array.from({ length: 600 }, () => "id").join(",");
    const { status, body } = await answer(`/users?select=${embedded},best_friend_id(${embedded})`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "PGRST100", details: "1201 columns are selected, at most 1000 may be" });
  });
});
