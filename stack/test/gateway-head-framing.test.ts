// An answer to HEAD carries no body, but Node's own keep-alive client (`node:http` Agent) reuses the
// connection only when the answer says how its (absent) body is framed: without Content-Length or
// Transfer-Encoding it reads to the end of the connection and opens a new one for the next request.
// Every HEAD the gateway answers — REST on the native path, auth and storage through Hono, refusals —
// must leave the connection reusable, and the next answer on it must read cleanly.
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestStack, type RestTestStack } from "./rest/rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

function send(agent: Agent, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(new URL(`${s.t.url}${path}`), { agent, method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, socket: response.socket }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

const key = () => ({ apikey: s.t.stack.keys.publishableKey });

/** (what, path, headers, status of the HEAD) — the native path, the Hono path, and refusals on each. */
const HEADS: [string, string, () => Record<string, string>, number][] = [
  ["REST with an exact count", "/rest/v1/users?select=id", () => ({ ...key(), prefer: "count=exact" }), 200],
  ["REST without a count", "/rest/v1/channels?select=id", key, 200],
  ["REST for an unknown table", "/rest/v1/nope", key, 404],
  ["REST with a wrong key", "/rest/v1/users", () => ({ apikey: "sb_publishable_wrong" }), 401],
  ["auth's health", "/auth/v1/health", key, 200],
  ["auth's settings", "/auth/v1/settings", key, 200],
  ["auth's keys", "/auth/v1/.well-known/jwks.json", key, 200],
  [
    "storage's buckets",
    "/storage/v1/bucket",
    () => ({ ...key(), authorization: `Bearer ${s.t.stack.keys.secretKey}` }),
    200,
  ],
  ["a path no service serves", "/nope", key, 404],
];

describe("answers to HEAD on a keep-alive connection", () => {
  it.each(HEADS)("%s: two HEADs and a GET share one connection", async (_what, path, headers, status) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, "HEAD", path, headers());
      const second = await send(agent, "HEAD", path, headers());
      const after = await send(agent, "GET", "/rest/v1/users?select=id&order=id&limit=1", key());
      expect([first.status, second.status, first.body, second.body]).toEqual([status, status, "", ""]);
      expect(after.status).toBe(200);
      expect(JSON.parse(after.body)).toEqual([{ id: "00000000-0000-0000-0000-000000000001" }]);
      expect(new Set([first.socket, second.socket, after.socket]).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it("answers a HEAD with the same count and range a GET gives", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { ...key(), prefer: "count=exact" };
      const head = await send(agent, "HEAD", "/rest/v1/users?select=id", headers);
      const get = await send(agent, "GET", "/rest/v1/users?select=id", headers);
      expect(head.headers["content-range"]).toBe(get.headers["content-range"]);
      expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
      // A HEAD answer is framed, yet never as a length the GET's body does not have.
      expect(head.headers["content-length"]).toBeUndefined();
      expect(head.headers["transfer-encoding"]).toBe("chunked");
    } finally {
      agent.destroy();
    }
  });

  it("still gives supabase-js its exact count for head: true", async () => {
    const counted = await s.anon.from("users").select("*", { count: "exact", head: true });
    const all = await s.service.from("users").select("id");
    expect(counted.error).toBeNull();
    expect(counted.data).toBeNull();
    expect(counted.count).toBe(all.data?.length);
    expect(counted.count).toBeGreaterThan(0);
  });
});
