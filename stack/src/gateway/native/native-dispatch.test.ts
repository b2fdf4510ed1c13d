// The gateway's steps for a service with its own handler, through HTTP on both paths: the native one
// (an ordinary request target) and the Hono one it leaves requests to (an absolute-form target).
// Both must answer alike: request ids, CORS, api keys, bad tokens, body limits, uncaught errors.

import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import type { GatewayEnv, StackService } from "../context.ts";
import { createGateway, createNativeGateway, type GatewayOptions } from "../create-gateway.ts";
import type { KeyRing } from "../keys/index.ts";
import { createTestKeyRing } from "../keys/test-key-ring.ts";
import { createGatewayServer, listenHttp, type ListeningServer } from "../listen.ts";
import type { ServiceAnswer, ServiceRequest } from "./service-request.ts";

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const ORIGIN = "http://localhost:5173";
const LIMIT = 64;

let keys: KeyRing;
const seen: ServiceRequest[] = [];
const seenBodies: string[] = [];
const logLines: Record<string, unknown>[] = [];

/** A stand-in service at /rest/v1: echoes what it was given, or misbehaves on request. */
const service: StackService = {
  name: "rest",
  basePath: "/rest/v1",
  rejectInvalidToken: (failure) => ({
    status: 401,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rejected: failure.kind }),
  }),
  handle: async (request): Promise<ServiceAnswer> => {
    seen.push(request);
    if (request.path === "/throw") throw new Error("boom");
    if (request.path === "/bad-header") return { status: 200, headers: { "X-Bad": "a\nb" }, body: "x" };
    const body = request.method === "POST" ? await request.text() : "";
    seenBodies.push(body);
    return {
      status: 200,
      headers: { "Content-Type": "application/json", Vary: "Accept" },
      body: JSON.stringify({ path: request.path, role: request.auth.ok ? request.auth.role : null, body }),
    };
  },
};

async function startGateway(extra: Partial<GatewayOptions> = {}): Promise<ListeningServer> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const options: GatewayOptions = {
    keys,
    logger: pino({ level: "info" }, sink),
    services: [service],
    requireApiKey: false,
    maxBodyBytes: LIMIT,
    ...extra,
  };
  const server = createGatewayServer(
    createGateway(options),
    options.services,
    keys,
    undefined,
    createNativeGateway(options),
  );
  return listenHttp(server, 0, "api.port");
}

/** One exchange; `absolute` sends an absolute-form target, which the native path leaves to Hono. */
function send(
  gateway: ListeningServer,
  absolute: boolean,
  method: string,
  path: string,
  headers: Record<string, string | string[]> = {},
  body?: string | string[],
): Promise<Exchange> {
  const target = absolute ? `http://127.0.0.1:${gateway.port}${path}` : path;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port: gateway.port, method, path: target, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    outgoing.on("error", reject);
    for (const chunk of typeof body === "string" ? [body] : (body ?? [])) outgoing.write(chunk);
    outgoing.end();
  });
}

let local: ListeningServer;
let hosted: ListeningServer;
beforeAll(async () => {
  keys = await createTestKeyRing();
  local = await startGateway();
  hosted = await startGateway({ requireApiKey: true, allowedOrigins: [ORIGIN] });
});
afterAll(async () => {
  await local?.close();
  await hosted?.close();
});

describe.each([
  ["the native path", false],
  ["the Hono path", true],
])("a service's own handler on %s", (_name, absolute) => {
  const key = { apikey: "sb_publishable_test" };

  it("hands the service the routed path, merged headers, the caller and the body (BOM dropped)", async () => {
    const response = await send(
      local,
      absolute,
      "POST",
      "/rest/v1/notes?select=id",
      { ...key, "content-type": "text/plain", Prefer: ["a=1", "b=2"] },
      "\ufeffhello",
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ path: "/notes", role: "anon", body: "hello" });
    const request = seen.at(-1);
    expect(request?.method).toBe("POST");
    expect(request?.url.search).toBe("?select=id");
    expect(request?.headers.prefer).toBe("a=1, b=2");
    expect(request?.client.ip).toBe("127.0.0.1");
  });

  it("echoes a sane request id, replaces any other, and logs one line with it", async () => {
    const given = await send(local, absolute, "GET", "/rest/v1/x", { ...key, "x-request-id": "web-42.a" });
    expect(given.headers["x-request-id"]).toBe("web-42.a");
    expect(logLines).toContainEqual(
      expect.objectContaining({ reqId: "web-42.a", method: "GET", path: "/rest/v1/x", status: 200, role: "anon" }),
    );
    const replaced = await send(local, absolute, "GET", "/rest/v1/x", { ...key, "x-request-id": "not sane!" });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a preflight itself, without a key, allowing what supabase-js sends", async () => {
    const before = seen.length;
    const response = await send(local, absolute, "OPTIONS", "/rest/v1/x", {
      origin: ORIGIN,
      "access-control-request-method": "PATCH",
      "access-control-request-headers": "apikey, X-Custom",
    });
    expect(response.status).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(response.headers["access-control-allow-headers"]).toContain("x-custom");
    expect(response.headers["access-control-max-age"]).toBe("86400");
    expect(response.headers["x-request-id"]).toBeDefined();
    expect(seen.length).toBe(before);
  });

  it("adds the CORS headers to the service's answer, Vary appended to its own", async () => {
    const response = await send(local, absolute, "GET", "/rest/v1/x", { ...key, origin: ORIGIN });
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    expect(response.headers["access-control-expose-headers"]).toContain("Content-Range");
    expect(response.headers.vary).toBe("Accept, Origin");
  });

  it("allows only the configured origins when given (production)", async () => {
    const other = await send(hosted, absolute, "GET", "/rest/v1/x", { ...key, origin: "https://evil.example" });
    expect(other.status).toBe(200);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await send(hosted, absolute, "OPTIONS", "/rest/v1/x", {
      origin: "https://evil.example",
      "access-control-request-method": "POST",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it.each([
    ["an unknown api key", () => local, { apikey: "nope" }, { message: "Invalid API key" }],
    ["no key where one is required", () => hosted, {}, { message: "No API key found in request" }],
  ])("refuses %s with hosted's 401, CORS headers and the request id", async (_case, gateway, headers, body) => {
    const before = seen.length;
    const response = await send(gateway(), absolute, "GET", "/rest/v1/x", { ...headers, origin: ORIGIN });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject(body);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(response.headers["x-request-id"]).toBeDefined();
    expect(seen.length).toBe(before);
  });

  it("lets the service refuse a bad bearer token in its own shape", async () => {
    const response = await send(local, absolute, "GET", "/rest/v1/x", { ...key, authorization: "Bearer a.b" });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ rejected: "parts" });
  });

  it.each([
    ["declared in Content-Length", "x".repeat(LIMIT + 1)],
    ["sent in chunks", ["x".repeat(LIMIT), "x".repeat(LIMIT)]],
  ])("refuses a body over the limit %s with Kong's 413 and closes", async (_case, body) => {
    const response = await send(local, absolute, "POST", "/rest/v1/x", { ...key, origin: ORIGIN }, body);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: "Request size limit exceeded" });
    expect(response.headers.connection).toBe("close");
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it.each(["/rest/v1/throw", "/rest/v1/bad-header"])(
    "answers an uncaught failure (%s) with a 500 naming the request id, and logs it",
    async (path) => {
      const response = await send(local, absolute, "GET", path, { ...key, origin: ORIGIN, "x-request-id": "fail-1" });
      expect(response.status).toBe(500);
      expect(JSON.parse(response.body)).toEqual({
        code: "unexpected_failure",
        message: "Internal server error",
        request_id: "fail-1",
      });
      expect(response.headers["x-request-id"]).toBe("fail-1");
      expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(logLines).toContainEqual(expect.objectContaining({ reqId: "fail-1", msg: "unhandled error" }));
    },
  );

  it("answers HEAD with the headers and no body", async () => {
    const response = await send(local, absolute, "HEAD", "/rest/v1/x", key);
    expect(response.status).toBe(200);
    expect(response.headers["content-length"]).toBe(
      String(JSON.stringify({ path: "/x", role: "anon", body: "" }).length),
    );
    expect(response.body).toBe("");
  });
});

describe("a service offering both an app and a handler", () => {
  const answeredBy: string[] = [];
  const app = new Hono<GatewayEnv>();
  app.all("*", (c) => {
    answeredBy.push(`app ${c.req.method} ${c.req.path}`);
    return c.json({ by: "app" });
  });
  const mixed: StackService = {
    name: "auth",
    basePath: "/auth/v1",
    app,
    handle: async (request) => {
      answeredBy.push(`handle ${request.method} ${request.path}`);
      return { status: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ by: "handle" }) };
    },
    handlesNatively: (method, path) => method === "POST" && path === "/token",
  };
  let gateway: ListeningServer;
  beforeAll(async () => {
    gateway = await startGateway({ services: [mixed] });
  });
  afterAll(() => gateway?.close());

  it.each([
    ["POST", "/auth/v1/token?grant_type=refresh_token", "handle POST /token"],
    ["GET", "/auth/v1/token", "app GET /auth/v1/token"],
    ["POST", "/auth/v1/token/", "app POST /auth/v1/token/"],
    ["POST", "/auth/v1/signup", "app POST /auth/v1/signup"],
  ])("answers %s %s with what handlesNatively picks", async (method, path, expected) => {
    const response = await send(gateway, false, method, path, { apikey: "sb_publishable_test" });
    expect(response.status).toBe(200);
    expect(answeredBy.at(-1)).toBe(expected);
  });

  it("answers the native request on the Hono path with the app (absolute-form target)", async () => {
    await send(gateway, true, "POST", "/auth/v1/token", { apikey: "sb_publishable_test" });
    expect(answeredBy.at(-1)).toBe("app POST /auth/v1/token");
  });
});
