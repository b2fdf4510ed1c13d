// Fuzzing the PostgREST grammar (issue #11 item 3): whatever the query string, headers and body,
// /rest/v1 answers without a 5xx, errors keep PostgREST's shape, and the stack keeps serving.
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { queryString, restBody, restHeaders, restMethod, restPath } from "./rest-grammar.ts";
import { expectPostgrestErrorShape, expectStackAlive, fuzzOptions, fuzzTimeout, stackFetch } from "./support.ts";

let t: TestStack;
/** Statuses seen, so a test can show it reached the planner and not only the first parse error. */
const statuses: number[] = [];
beforeAll(async () => {
  t = await startTestStack("robustness");
});
afterAll(() => t?.close());

async function expectCleanAnswer(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
) {
  const init: RequestInit = { method, headers };
  if (body !== undefined && method !== "GET" && method !== "HEAD")
    init.body = typeof body === "string" ? body : new Uint8Array(body);
  const response = await stackFetch(t, `/rest/v1${path}`, init);
  const text = await response.text();
  statuses.push(response.status);
  const context = `${method} ${path} ${JSON.stringify(headers)} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  if (response.status >= 400 && text !== "") expectPostgrestErrorShape(text, context);
}

describe("REST grammar fuzzing", () => {
  it(
    "reads: any select, filters, order, paging and headers answer 2xx or a PostgREST-shaped 4xx",
    async () => {
      await fc.assert(
        // The grammar is written for notes (the table with a to-one embed); authors takes the odd one.
        fc.asyncProperty(
          fc.constantFrom("/notes", "/notes", "/notes", "/authors"),
          queryString,
          restHeaders,
          async (path, query, headers) => {
            await expectCleanAnswer("GET", `${path}?${query}`, headers);
          },
        ),
        fuzzOptions(250),
      );
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(25);
      expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(25);
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it(
    "writes: any method, body, on_conflict and Prefer answer 2xx or a PostgREST-shaped 4xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          restMethod,
          restPath,
          queryString,
          restHeaders,
          restBody,
          async (method, path, query, headers, body) => {
            // Keep the seed rows: mass updates and deletes are fuzzed inside a rolled-back transaction.
            const prefer =
              method === "PATCH" || method === "DELETE"
                ? `${headers.prefer ?? ""}, tx=rollback`.replace(/^, /, "")
                : headers.prefer;
            await expectCleanAnswer(method, `${path}?${query}`, { ...headers, ...(prefer ? { prefer } : {}) }, body);
          },
        ),
        fuzzOptions(200),
      );
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it(
    "percent-encoded random bytes (invalid UTF-8 included) in the query string answer without a 5xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ minLength: 1, maxLength: 48 }),
          fc.constantFrom("select=", "body=eq.", "", "order=", "or=("),
          async (bytes, prefix) => {
            const encoded = [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
            await expectCleanAnswer("GET", `/notes?${prefix}${encoded}`, {});
          },
        ),
        fuzzOptions(120),
      );
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it(
    "raw bytes on the request line are refused by the HTTP layer without taking the server down",
    async () => {
      const port = new URL(t.url).port;
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 48 }), async (bytes) => {
          const raw = Buffer.concat([
            Buffer.from("GET /rest/v1/notes?"),
            Buffer.from(bytes),
            Buffer.from(
              ` HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${t.stack.keys.publishableKey}\r\nConnection: close\r\n\r\n`,
            ),
          ]);
          const answer = await new Promise<string>((resolve, reject) => {
            const socket = connect(Number(port), "127.0.0.1");
            let data = "";
            socket.on("data", (chunk: Buffer) => (data += chunk.toString("latin1")));
            socket.on("error", reject);
            socket.on("close", () => resolve(data));
            socket.end(raw);
          });
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
          // Node's parser closes the socket silently on some garbage (status 0); never a 5xx.
          expect(status < 500, answer.slice(0, 200)).toBe(true);
        }),
        fuzzOptions(80),
      );
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );
});
