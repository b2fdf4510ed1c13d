// Each request's transaction carries its own caller: role, `request.jwt.claims` and
// `request.headers`. The stack keeps the serialised claims of a verified token and the pieces of
// the settings between requests, so many callers with different tokens, roles and headers are sent
// at once, on the same pooled connections, and each must see exactly its own.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { ALICE, BOB, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `
    create function public.caller_settings() returns json language sql volatile as $$
      select json_build_object(
        'user', current_user,
        'claims', current_setting('request.jwt.claims', true)::json,
        'x', current_setting('request.headers', true)::json->>'x-test',
        'read_only', current_setting('transaction_read_only'))
    $$;
    grant execute on function public.caller_settings() to anon, authenticated, service_role;
    notify pgrst, 'reload schema';
    `,
  );
  await until(async () => (await s.anon.rpc("caller_settings")).status === 200, "the schema cache sees the function");
});
afterAll(() => s?.t.close());

interface Caller {
  name: string;
  apikey: () => string;
  /** The bearer sent, if any (else the gateway maps the api key to its own JWT). */
  bearer: () => Promise<string | undefined>;
  /** The JWT whose claims reach the transaction. */
  jwt: (bearer: string | undefined) => string;
  /** The role the transaction runs as (and the `role` its claims show). */
  role: string;
}

const sign = (claims: Record<string, unknown>) =>
  s.t.stack.keys.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 });
const keys = () => s.t.stack.keys;
const bearerItself = (bearer: string | undefined) => bearer as string;

const CALLERS: Caller[] = [
  {
    name: "the publishable key",
    apikey: () => keys().publishableKey,
    bearer: async () => undefined,
    jwt: () => keys().anonKey,
    role: "anon",
  },
  {
    name: "the secret key",
    apikey: () => keys().secretKey,
    bearer: async () => undefined,
    jwt: () => keys().serviceRoleKey,
    role: "service_role",
  },
  {
    name: "alice",
    apikey: () => keys().publishableKey,
    bearer: () => sign({ sub: ALICE, role: "authenticated" }),
    jwt: bearerItself,
    role: "authenticated",
  },
  {
    name: "bob",
    apikey: () => keys().publishableKey,
    bearer: () => sign({ sub: BOB, role: "authenticated", app: "b" }),
    jwt: bearerItself,
    role: "authenticated",
  },
  {
    name: "a token without a role claim",
    apikey: () => keys().publishableKey,
    bearer: () => sign({ sub: BOB }),
    jwt: bearerItself,
    role: "anon",
  },
  {
    name: "a token with an empty role claim",
    apikey: () => keys().publishableKey,
    bearer: () => sign({ sub: ALICE, role: "" }),
    jwt: bearerItself,
    role: "anon",
  },
];

async function callAs(caller: Caller, bearer: string | undefined, method: "GET" | "POST", tag: string) {
  const response = await fetch(`${s.t.url}/rest/v1/rpc/caller_settings`, {
    method,
    headers: {
      apikey: caller.apikey(),
      "x-test": tag,
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
    },
    ...(method === "POST" ? { body: "{}" } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { user: string; claims: Record<string, unknown>; x: string; read_only: string };
}

describe("the caller's settings of a request", () => {
  it.each(["GET", "POST"] as const)("are each caller's own when many callers send at once (%s)", async (method) => {
    const bearers = await Promise.all(CALLERS.map((caller) => caller.bearer()));
    const sent = Array.from({ length: 6 }, (_, round) =>
      CALLERS.map((caller, index) => ({ caller, bearer: bearers[index], tag: `${caller.name} #${round}` })),
    ).flat();
    const answers = await Promise.all(sent.map(({ caller, bearer, tag }) => callAs(caller, bearer, method, tag)));
    answers.forEach((answer, index) => {
      const { caller, bearer, tag } = sent[index] as (typeof sent)[number];
      expect({ caller: caller.name, ...answer }).toEqual({
        caller: caller.name,
        user: caller.role,
        claims: { ...decodeJwt(caller.jwt(bearer)), role: caller.role },
        x: tag,
        read_only: method === "GET" ? "on" : "off",
      });
    });
  });
});
