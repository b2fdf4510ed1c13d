import { FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startFunctionsStack();
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);
const url = (path: string) => `${t.url}/functions/v1/${path}`;

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  text: string;
  base64: string;
  length: number;
}

describe("request bodies reach the function unchanged", () => {
  it("sends an object as JSON", async () => {
    const { data, error } = await client().functions.invoke<Echo>("echo", { body: { hello: "world", n: 1 } });
    expect(error).toBeNull();
    expect(data?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(data?.text ?? "")).toEqual({ hello: "world", n: 1 });
  });

  it("sends a string as text", async () => {
    const { data } = await client().functions.invoke<Echo>("echo", { body: "plain words ✓" });
    expect(data?.headers["content-type"]).toBe("text/plain");
    expect(data?.text).toBe("plain words ✓");
  });

  it("sends binary bytes as octet-stream", async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);
    const { data } = await client().functions.invoke<Echo>("echo", { body: new Blob([bytes]) });
    expect(data?.headers["content-type"]).toBe("application/octet-stream");
    expect(Buffer.from(data?.base64 ?? "", "base64")).toEqual(Buffer.from(bytes));
  });

  it("sends form data as multipart", async () => {
    const form = new FormData();
    form.append("field", "value");
    form.append("file", new Blob(["file body"], { type: "text/plain" }), "a.txt");
    const { data } = await client().functions.invoke<Echo>("echo", { body: form });
    expect(data?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(data?.text).toContain('name="field"');
    expect(data?.text).toContain("file body");
  });

  it("sends url-encoded forms with the caller's content type", async () => {
    const { data } = await client().functions.invoke<Echo>("echo", {
      body: "a=1&b=two",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(data?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(data?.text).toBe("a=1&b=two");
  });

  it("streams a request body of many chunks to the function", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 32) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(url("stream/upload"), { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await response.json()).toEqual({ total: 32 * 64 * 1024 });
  });
});

describe("paths, methods, queries and headers", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)(
    "passes %s with a subpath and query string",
    async (method) => {
      const { data, error } = await client().functions.invoke<Echo>("echo/items/42?sort=desc&tag=a%20b", { method });
      expect(error).toBeNull();
      expect(data).toMatchObject({ method, path: "/echo/items/42", query: { sort: "desc", tag: "a b" } });
    },
  );

  it("passes custom headers and the client's own", async () => {
    const { data } = await client().functions.invoke<Echo>("echo", {
      headers: { "x-custom": "custom value" },
      region: "eu-west-1" as never,
    });
    expect(data?.headers["x-custom"]).toBe("custom value");
    expect(data?.headers["x-client-info"]).toMatch(/^supabase-js/);
    expect(data?.headers["x-region"]).toBe("eu-west-1");
    expect(data?.query).toEqual({ forceFunctionRegion: "eu-west-1" });
    expect(data?.headers.apikey).toBe(t.stack.keys.publishableKey);
  });

  it("passes HEAD and OPTIONS too", async () => {
    expect((await fetch(url("echo"), { method: "HEAD" })).status).toBe(200);
    const options = await fetch(url("echo/x"), { method: "OPTIONS" });
    expect(((await options.json()) as Echo).method).toBe("OPTIONS");
  });

  it("answers the main service's health check", async () => {
    const response = await fetch(url("_internal/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "ok" });
  });

  it("answers 404 Function not found for unknown and disabled functions", async () => {
    for (const name of ["missing", "disabled", "_shared", ""]) {
      const response = await fetch(url(name));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain");
      expect(await response.text()).toBe("Function not found");
    }
    const { error } = await client().functions.invoke("missing");
    expect(error).toBeInstanceOf(FunctionsHttpError);
  });
});

describe("responses come back as the function wrote them", () => {
  it("returns binary as a Blob", async () => {
    const { data } = await client().functions.invoke<Blob>("stream/binary", { method: "GET" });
    expect(data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(Uint8Array.from({ length: 256 }, (_, i) => i));
  });

  it("keeps status, headers and repeated Set-Cookie", async () => {
    const response = await fetch(url("stream/cookies"));
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const empty = await fetch(url("stream/204"));
    expect(empty.status).toBe(204);
    expect(empty.headers.get("x-custom")).toBe("yes");
    expect(await empty.text()).toBe("");
  });

  it("streams server-sent events as they are written", async () => {
    const { data, error } = await client().functions.invoke<Response>("sse", { method: "GET" });
    expect(error).toBeNull();
    // functions-js hands a text/event-stream back as the Response itself (another realm's class here).
    expect((data as Response).headers.get("content-type")).toBe("text/event-stream");
    const reader = (data as Response).body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    const firstSeenAt = Date.now();
    expect(first).toMatch(/^data: \{"i":1,/);
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    const events = rest
      .split("\n\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line.slice("data: ".length)) as { i: number; at: number });
    expect(events.map((e) => e.i)).toEqual([2, 3, 4, 5]);
    // The first event was read before the last one was even written: nothing buffered the stream.
    expect(firstSeenAt).toBeLessThan(events[3]!.at);
  });

  it("returns text for other content types", async () => {
    const { data } = await client().functions.invoke<string>("declarative", { method: "PUT" });
    expect(data).toBe("declarative PUT");
  });
});

describe("layout and config", () => {
  it("resolves shared code, the function's deno.json and npm packages from the project's install", async () => {
    expect((await client().functions.invoke("hello", { body: { name: "Parley" } })).data).toEqual({
      message: "Hello Parley!",
    });
    expect((await client().functions.invoke("mapped", { method: "GET" })).data).toEqual({
      message: "Hello import map!",
      client: "function",
    });
  });

  it("passes a deprecated import_map.json as an import map", async () => {
    expect((await client().functions.invoke("legacy-map", { method: "GET" })).data).toBe("Hello legacy map!");
  });

  it("reads static_files with paths relative to the function", async () => {
    expect((await client().functions.invoke("static", { method: "GET" })).data).toBe("static file content\n");
  });

  it("uses a custom entrypoint from config.toml", async () => {
    expect((await client().functions.invoke("renamed", { method: "GET" })).data).toBe("from a custom entrypoint");
  });
});

describe("CORS is the function's business, as on hosted", () => {
  it("adds no CORS headers to a function that sets none", async () => {
    const response = await fetch(url("echo"), { headers: { Origin: "http://app.example" } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets the function answer the preflight and its own headers", async () => {
    const preflight = await fetch(url("cors"), {
      method: "OPTIONS",
      headers: { Origin: "http://app.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(200);
    expect(await preflight.text()).toBe("ok");
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
  });
});
