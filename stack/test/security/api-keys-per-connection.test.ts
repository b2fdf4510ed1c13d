// The gateway remembers the project key each client connection sent last, so a keep-alive client's
// key is not hashed again on every request. A connection may carry requests of different callers
// (a reverse proxy multiplexes many clients over a few upstream connections), so every request's
// key must still decide its own role: one connection, one key after another, each answered as
// that key alone says — a near-miss of a remembered key (same length, one character off) is refused.
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "../rest/admin-sql.ts";
import { startRestStack, type RestTestStack } from "../rest/rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `
    create function public.current_caller() returns text language sql stable as $$ select current_user::text $$;
    grant execute on function public.current_caller() to anon, authenticated, service_role;
    notify pgrst, 'reload schema';
    `,
  );
  await until(async () => (await s.anon.rpc("current_caller")).status === 200, "the schema cache sees the function");
});
afterAll(() => s?.t.close());

/** The same key with one character changed (same length). */
const oneOff = (key: string, at: number) => {
  const index = at < 0 ? key.length + at : at;
  const changed = key[index] === "A" ? "B" : "A";
  return `${key.slice(0, index)}${changed}${key.slice(index + 1)}`;
};

type Sent = "secret" | "publishable" | "legacy service_role" | "none" | `${"secret" | "publishable"} ${string}`;

/** Requests sent one after another on ONE connection: (key sent, status, role it runs as). */
const SEQUENCE: readonly [sent: Sent, status: number, role: string | undefined][] = [
  ["secret", 200, "service_role"],
  ["secret with its last character changed", 401, undefined],
  ["secret", 200, "service_role"],
  ["secret with its first character after the prefix changed", 401, undefined],
  ["publishable", 200, "anon"],
  ["publishable with its last character changed", 401, undefined],
  ["secret", 200, "service_role"],
  ["publishable", 200, "anon"],
  ["secret without its last character", 401, undefined],
  ["publishable", 200, "anon"],
  ["none", 200, "anon"],
  ["secret", 200, "service_role"],
  ["legacy service_role", 200, "service_role"],
  ["publishable", 200, "anon"],
];

function keyFor(sent: Sent): string | undefined {
  const keys = s.t.stack.keys;
  const base = sent.startsWith("secret") ? keys.secretKey : keys.publishableKey;
  if (sent === "none") return undefined;
  if (sent === "legacy service_role") return keys.serviceRoleKey;
  if (sent.endsWith("last character changed")) return oneOff(base, -1);
  if (sent.endsWith("first character after the prefix changed")) return oneOff(base, base.lastIndexOf("_") + 1);
  if (sent.endsWith("without its last character")) return base.slice(0, -1);
  return base;
}

interface Answer {
  status: number;
  body: string;
  localPort: number | undefined;
}

function callOn(agent: Agent, apikey: string | undefined): Promise<Answer> {
  const url = new URL(`${s.t.url}/rest/v1/rpc/current_caller`);
  return new Promise((resolve, reject) => {
    const call = request(url, { agent, headers: apikey === undefined ? {} : { apikey } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, localPort: response.socket?.localPort }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

describe("the api key remembered per connection", () => {
  it("answers every request on one keep-alive connection as its own key says", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ports = new Set<number | undefined>();
      const seen: [Sent, number, string | undefined][] = [];
      for (const [sent] of SEQUENCE) {
        const answer = await callOn(agent, keyFor(sent));
        ports.add(answer.localPort);
        seen.push([sent, answer.status, answer.status === 200 ? (JSON.parse(answer.body) as string) : undefined]);
        if (answer.status === 401)
          expect(JSON.parse(answer.body)).toEqual({
            message: "Invalid API key",
            hint: "Double check your Supabase `anon` or `service_role` API key.",
          });
      }
      expect(seen).toEqual(SEQUENCE);
      // All of it went over one connection, or the test proves nothing.
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
