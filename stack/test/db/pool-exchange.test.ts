import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendOnPool } from "../../src/db/index.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

let t: TestStack;
let pool: pg.Pool;

beforeAll(async () => {
  t = await startTestStack("basic");
  pool = new pg.Pool({ connectionString: t.stack.status().DB_URL, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

const statement = (value: number) => ({
  name: "pool_exchange_test",
  text: "select $1::int + 1 as next, now() as at, '{\"a\":[1]}'::json as doc",
  values: [value],
});

describe("sendOnPool", () => {
  it("answers a named statement again and again on the pool's connection, rows typed as pg types them", async () => {
    for (const value of [1, 2, 3]) {
      const [result] = await sendOnPool(pool, [statement(value)]);
      expect(result?.rows).toEqual([{ next: value + 1, at: expect.any(Date), doc: { a: [1] } }]);
    }
    expect(pool.totalCount).toBe(1);
    expect(pool.idleCount).toBe(1);
  });

  it("rejects with the statement's error, keeps none of the exchange, and replaces the connection", async () => {
    await pool.query("create table if not exists pool_exchange_rows (n int)");
    const failing = sendOnPool(pool, [{ text: "insert into pool_exchange_rows values (1)" }, { text: "select 1 / 0" }]);
    await expect(failing).rejects.toMatchObject({ code: "22012" });
    expect(pool.totalCount).toBe(0);
    const [count] = await sendOnPool(pool, [{ text: "select count(*)::int as n from pool_exchange_rows" }]);
    expect(count?.rows).toEqual([{ n: 0 }]);
    const [again] = await sendOnPool(pool, [statement(41)]);
    expect(again?.rows[0]).toMatchObject({ next: 42 });
  });
});
