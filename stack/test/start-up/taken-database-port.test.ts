import { createServer, type Server } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import type * as PortProbe from "../../src/runtime/port-probe.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

// With `db.port = 0` the stack chooses a free port, checks it and only then starts PostgreSQL on it.
// Another process (any outgoing connection takes an ephemeral port from the same range) may take the
// port in between. That must not fail the start: the stack chooses again.

const taker: { server?: Server; port?: number } = {};

vi.mock("../../src/runtime/port-probe.ts", async (importOriginal) => {
  const original = await importOriginal<typeof PortProbe>();
  return {
    ...original,
    // The first port the stack chooses is free when checked, and taken right after the check.
    assertPortFree: async (port: number, configKey: string) => {
      await original.assertPortFree(port, configKey);
      if (configKey === "db.port" && taker.server === undefined) {
        taker.server = await listenOn(port);
        taker.port = port;
      }
    },
  };
});

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

let t: TestStack | undefined;

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => taker.server?.close(resolve) ?? resolve(undefined));
});

describe("a database port the stack chose, taken before PostgreSQL listens", () => {
  it("starts PostgreSQL on another free port, seeded as on any first start", async () => {
    t = await startTestStack("basic");

    expect(taker.port).toBeTypeOf("number");
    const dbPort = Number(new URL(t.stack.status().DB_URL).port);
    expect(dbPort).not.toBe(taker.port);
    expect(t.stack.ports.db).toBe(dbPort);
    const client = new pg.Client({ connectionString: t.stack.status().DB_URL });
    await client.connect();
    try {
      const seeded = await client.query("select body from public.notes");
      expect(seeded.rows).toEqual([{ body: "seeded note" }]);
    } finally {
      await client.end();
    }
  });
});
