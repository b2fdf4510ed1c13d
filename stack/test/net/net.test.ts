import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

interface ResponseRow {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

let t: TestStack;
let sql: pg.Pool;
let server: Server;
let base: string;
const received: Received[] = [];

/** A local HTTP server that records what arrives; `/slow` never answers in time. */
async function startRecorder(): Promise<void> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.startsWith("/slow")) return; // left hanging: the request times out
      res.writeHead(201, { "content-type": "application/json", "x-recorder": "seen" });
      res.end(JSON.stringify({ ok: true, method: req.method }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function responseFor(id: string): Promise<ResponseRow> {
  return vi.waitFor(
    async () => {
      const { rows } = await sql.query<ResponseRow>(
        "select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = $1",
        [id],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    },
    { timeout: 15_000, interval: 100 },
  );
}

async function requestId(query: string, values: unknown[] = []): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(query, values);
  return rows[0]!.id;
}

beforeAll(async () => {
  await startRecorder();
  t = await startTestStack("cron-net");
  sql = new pg.Pool({ connectionString: t.stack.db.url, max: 3 });
  // The stack's stop ends a connection the pool is still closing: not a failure of any test
  sql.on("error", () => undefined);
});

afterAll(async () => {
  await sql?.end();
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("pg_net on the stack", () => {
  it("POSTs a JSON body with headers and query params, and records the response", async () => {
    const id = await requestId(
      `select net.http_post($1, '{"hello": "world"}'::jsonb, '{"page": "2"}'::jsonb,
         '{"Content-Type": "application/json", "x-token": "abc"}'::jsonb) as id`,
      [`${base}/post?fixed=1`],
    );
    const response = await responseFor(id);
    expect(response).toMatchObject({
      status_code: 201,
      content_type: "application/json",
      timed_out: false,
      error_msg: null,
    });
    expect(response.headers).toMatchObject({ "x-recorder": "seen" });
    expect(JSON.parse(response.content!)).toEqual({ ok: true, method: "POST" });
    const arrived = received.find((request) => request.url.startsWith("/post"))!;
    expect(arrived.url).toBe("/post?fixed=1&page=2");
    expect(arrived.headers["x-token"]).toBe("abc");
    expect(arrived.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(arrived.body)).toEqual({ hello: "world" });
  });

  it("sends GET and DELETE with pg_net's defaults", async () => {
    const get = await requestId("select net.http_get($1) as id", [`${base}/get`]);
    const del = await requestId('select net.http_delete($1, \'{"id": "7"}\'::jsonb) as id', [`${base}/delete`]);
    expect((await responseFor(get)).status_code).toBe(201);
    expect((await responseFor(del)).status_code).toBe(201);
    expect(received.find((request) => request.url === "/get")?.method).toBe("GET");
    expect(received.find((request) => request.url === "/delete?id=7")?.method).toBe("DELETE");
  });

  it("records timed_out and pg_net's message when the server does not answer in time", async () => {
    const id = await requestId("select net.http_get($1, timeout_milliseconds := 300) as id", [`${base}/slow`]);
    const response = await responseFor(id);
    expect(response).toMatchObject({ status_code: null, timed_out: true });
    expect(response.error_msg).toMatch(/^Timeout of 300 ms reached/);
  });

  it("records an unreachable server as an error, and refuses a non-JSON content type", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const id = await requestId("select net.http_get($1) as id", [`http://127.0.0.1:${port}/nothing`]);
    expect(await responseFor(id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: "Couldn't connect to server",
    });
    await expect(
      sql.query(`select net.http_post($1, headers := '{"Content-Type": "text/plain"}'::jsonb)`, [`${base}/x`]),
    ).rejects.toThrow('Content-Type header must be "application/json"');
  });

  it("sends nothing before commit, and nothing at all for a rolled-back transaction", async () => {
    const open = await sql.connect();
    const rolledBack = await sql.connect();
    try {
      await open.query("begin");
      await open.query("select net.http_get($1)", [`${base}/after-commit`]);
      await rolledBack.query("begin");
      await rolledBack.query("select net.http_get($1)", [`${base}/rolled-back`]);
      await rolledBack.query("rollback");
      // a committed request performed after both shows the worker has looked
      await responseFor(await requestId("select net.http_get($1) as id", [`${base}/committed`]));
      expect(received.map((request) => request.url)).not.toContain("/after-commit");
      await open.query("commit");
      await vi.waitFor(() => expect(received.map((request) => request.url)).toContain("/after-commit"), {
        timeout: 10_000,
        interval: 100,
      });
      expect(received.map((request) => request.url)).not.toContain("/rolled-back");
    } finally {
      open.release();
      rolledBack.release();
    }
  });
});

describe("Database Webhooks (supabase_functions.http_request)", () => {
  async function hookResponse(after: number): Promise<{ method: string; body: Record<string, unknown> }> {
    const { rows } = await vi.waitFor(
      async () => {
        const result = await sql.query<{ content: string; status_code: number }>(
          `select r.content, r.status_code from supabase_functions.hooks h join net._http_response r on r.id = h.request_id
            where h.id > $1 and h.hook_name = 'notes_webhook' order by h.id limit 1`,
          [after],
        );
        expect(result.rows).toHaveLength(1);
        return result;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(rows[0]!.status_code).toBe(200);
    return JSON.parse(rows[0]!.content) as { method: string; body: Record<string, unknown> };
  }

  async function lastHook(): Promise<number> {
    const { rows } = await sql.query<{ id: number }>(
      "select coalesce(max(id), 0)::int as id from supabase_functions.hooks",
    );
    return rows[0]!.id;
  }

  it("calls the edge function with Supabase's payload on insert, update and delete", async () => {
    const supabase = testClient(t.url, t.stack.keys.secretKey);
    let mark = await lastHook();
    const { data: inserted, error } = await supabase.from("notes").insert({ body: "first" }).select().single();
    expect(error).toBeNull();
    const insert = await hookResponse(mark);
    expect(insert.method).toBe("POST");
    expect(insert.body).toEqual({
      type: "INSERT",
      table: "notes",
      schema: "public",
      record: { id: inserted.id, body: "first" },
      old_record: null,
    });

    mark = await lastHook();
    await supabase.from("notes").update({ body: "second" }).eq("id", inserted.id);
    expect((await hookResponse(mark)).body).toEqual({
      type: "UPDATE",
      table: "notes",
      schema: "public",
      record: { id: inserted.id, body: "second" },
      old_record: { id: inserted.id, body: "first" },
    });

    mark = await lastHook();
    await supabase.from("notes").delete().eq("id", inserted.id);
    expect((await hookResponse(mark)).body).toEqual({
      type: "DELETE",
      table: "notes",
      schema: "public",
      record: null,
      old_record: { id: inserted.id, body: "second" },
    });
  });
});
