import { appendFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack } from "../../src/index.ts";
import { cliEnv, runCli } from "../support/cli.ts";
import { testClient } from "../support/client.ts";
import { tempProject } from "../support/project.ts";
import type { TestStack } from "../support/test-stack.ts";
import { nowSeconds } from "../support/tokens.ts";
import { startFunctionsStack } from "../functions/functions-stack.ts";
import { closeClients, realtimeClient, subscribe } from "../realtime/helpers.ts";

/** Each CLI run starts a fresh Node process (seconds each on a busy machine); the default 60 s is too tight. */
const CLI_TEST_TIMEOUT_MS = 240_000;

let t: TestStack;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  t = await startFunctionsStack();
  env = {
    ...(await cliEnv(t.project.dataDir)),
    PARLEY_STACK_API_PORT: "",
    PARLEY_STACK_DB_PORT: "",
    PARLEY_STACK_INBUCKET_PORT: "",
  };
});
afterAll(async () => {
  await closeClients();
  await t?.close();
});

const keysCli = (args: string[], workdir = t.project.workdir, runEnv = env) =>
  runCli(["keys", ...args, "--workdir", workdir], runEnv);
const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as { kid?: string }).kid;
const jwksKids = async (url = t.url) =>
  ((await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map(
    (k) => k.kid,
  );

/** What each service answers for a bearer token: status and the body's code-like field. */
async function serviceAnswers(token: string) {
  const headers = { apikey: t.stack.keys.publishableKey, authorization: `Bearer ${token}` };
  const rest = await fetch(`${t.url}/rest/v1/notes?select=id`, { headers });
  const auth = await fetch(`${t.url}/auth/v1/user`, {
    headers: { ...headers, "x-supabase-api-version": "2024-01-01" },
  });
  const storage = await fetch(`${t.url}/storage/v1/bucket`, { headers });
  const functions = await fetch(`${t.url}/functions/v1/secure`, { method: "POST", headers });
  const realtime = realtimeClient(t);
  await realtime.realtime.setAuth(token);
  const joined = await subscribe(realtime.channel(`rotation-${Math.random()}`));
  return {
    rest: { status: rest.status, body: (await rest.json()) as Record<string, unknown> },
    auth: { status: auth.status, body: (await auth.json()) as Record<string, unknown> },
    storage: { status: storage.status, body: (await storage.json()) as Record<string, unknown> },
    functions: { status: functions.status, body: (await functions.json()) as Record<string, unknown> },
    realtime: { status: joined.status, message: joined.error?.message },
  };
}

function expectAccepted(answers: Awaited<ReturnType<typeof serviceAnswers>>) {
  expect(answers.rest.status).toBe(200);
  expect(answers.auth.status).toBe(200);
  expect(answers.storage.status).toBe(200);
  expect(answers.functions.status).toBe(200);
  expect(answers.realtime.status).toBe("SUBSCRIBED");
}

/** The answers every service gives today for a token no active key verifies. */
function expectRefused(answers: Awaited<ReturnType<typeof serviceAnswers>>, token: string) {
  expect(answers.rest).toMatchObject({
    status: 401,
    body: { code: "PGRST301", message: "No suitable key or wrong key type" },
  });
  expect(answers.auth).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
  expect(answers.storage).toMatchObject({
    status: 400,
    body: { statusCode: "403", code: "AccessDenied", error: "Unauthorized" },
  });
  expect(answers.functions).toEqual({ status: 401, body: { msg: "Invalid JWT" } });
  // Realtime names the kid it has no key for, as upstream does.
  const kid = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")).kid as string;
  expect(answers.realtime).toEqual({
    status: "CHANNEL_ERROR",
    message: `JwtSignerError: Failed to generate JWT signer for key ID (kid) "${kid}", check your JWT secret or JWKS configuration`,
  });
}

describe("rotating the signing key of a running stack", () => {
  it(
    "keeps old tokens valid until the old key is retired, then refuses them everywhere",
    async () => {
      const email = `rotation-${Date.now()}@example.com`;
      const before = testClient(t.url, t.stack.keys.publishableKey);
      const signedUp = await before.auth.signUp({ email, password: "correct-horse-1" });
      expect(signedUp.error).toBeNull();
      const oldToken = signedUp.data.session?.access_token ?? "";
      const oldKid = kidOf(oldToken);
      expect(await jwksKids()).toEqual([oldKid]);

      const rotated = await keysCli(["rotate"]);
      expect(rotated).toMatchObject({ code: 0 });
      expect(rotated.stdout).toContain("The running stack uses the new key set now.");
      const listed = JSON.parse((await keysCli(["list", "-o", "json"])).stdout) as { kid: string; status: string }[];
      expect(listed.map((k) => k.status)).toEqual(["in_use", "previously_used"]);
      const newKid = listed[0]?.kid;
      expect(listed[1]?.kid).toBe(oldKid);
      expect(await jwksKids()).toEqual([newKid, oldKid]);

      // issued before the rotation, still accepted by every service
      expectAccepted(await serviceAnswers(oldToken));
      const after = testClient(t.url, t.stack.keys.publishableKey);
      const signedIn = await after.auth.signInWithPassword({ email, password: "correct-horse-1" });
      const newToken = signedIn.data.session?.access_token ?? "";
      expect(kidOf(newToken)).toBe(newKid);
      expect(kidOf((await before.auth.refreshSession()).data.session?.access_token ?? "")).toBe(newKid);

      const refused = await keysCli(["retire", newKid ?? ""]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("signs new tokens; run `parley-stack keys rotate` first");

      expect((await keysCli(["retire", oldKid ?? ""])).code).toBe(0);
      expect(await jwksKids()).toEqual([newKid]);
      expectRefused(await serviceAnswers(oldToken), oldToken);
      expectAccepted(await serviceAnswers(newToken));
      const afterRetire = JSON.parse((await keysCli(["list", "-o", "json"])).stdout) as {
        kid: string;
        status: string;
      }[];
      expect(afterRetire).toMatchObject([
        { kid: newKid, status: "in_use" },
        { kid: oldKid, status: "retired" },
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it("refuses a token whose kid the stack has never had", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const token = await new SignJWT({
      sub: "00000000-0000-4000-8000-000000000001",
      role: "authenticated",
      exp: nowSeconds() + 600,
    })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "not-a-stack-key" })
      .sign(privateKey);
    expectRefused(await serviceAnswers(token), token);
  });

  it("keeps the legacy anon and service_role keys and the publishable key working", async () => {
    const rest = (apikey: string) => fetch(`${t.url}/rest/v1/notes?select=id`, { headers: { apikey } });
    expect((await rest(t.stack.keys.anonKey)).status).toBe(200);
    expect((await rest(t.stack.keys.serviceRoleKey)).status).toBe(200);
    expect((await rest(t.stack.keys.publishableKey)).status).toBe(200);
  });

  it(
    "answers an unknown kid to retire with a clear error",
    async () => {
      const result = await keysCli(["retire", "no-such-kid"]);
      expect(result).toMatchObject({ code: 1, stderr: "Error: No signing key with kid no-such-kid.\n" });
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe("rotating the key of a stopped stack", () => {
  it(
    "writes the key set that the next start signs and verifies with",
    async () => {
      const project = await tempProject("basic");
      try {
        const stoppedEnv = await cliEnv(project.dataDir);
        const first = await runCli(["keys", "rotate", "--workdir", project.workdir], stoppedEnv);
        expect(first).toMatchObject({ code: 0 });
        expect(first.stdout).toContain("The stack uses it at its next start.");
        const listed = JSON.parse(
          (await runCli(["keys", "list", "-o", "json", "--workdir", project.workdir], stoppedEnv)).stdout,
        ) as { kid: string }[];
        expect(listed).toHaveLength(2);
        const logger = pino({ level: "silent" });
        const stack = await startStack({
          workdir: project.workdir,
          dataDir: project.dataDir,
          ports: { api: 0, db: 0, inbucket: 0 },
          logger,
        });
        try {
          const url = stack.status().API_URL;
          expect(await jwksKids(url)).toEqual(listed.map((k) => k.kid));
          const token = await stack.keys.sign({ role: "authenticated", exp: nowSeconds() + 60 });
          expect(kidOf(token)).toBe(listed[0]?.kid);
        } finally {
          await stack.stop();
        }
      } finally {
        await project.remove();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe("[auth] signing_keys_path", () => {
  it(
    "lists the file's keys and explains that rotation is an edit of the file",
    async () => {
      const project = await tempProject("basic");
      try {
        const { privateKey } = await generateKeyPair("ES256", { extractable: true });
        const jwk = { ...(await exportJWK(privateKey)), kid: "user-key-1", alg: "ES256" };
        await writeFile(path.join(project.workdir, "supabase", "signing_keys.json"), JSON.stringify([jwk]));
        await appendFile(
          path.join(project.workdir, "supabase", "config.toml"),
          '\n[auth]\nsigning_keys_path = "./signing_keys.json"\n',
        );
        const fileEnv = await cliEnv(project.dataDir);
        const listed = await runCli(["keys", "list", "-o", "json", "--workdir", project.workdir], fileEnv);
        expect(JSON.parse(listed.stdout)).toEqual([{ kid: "user-key-1", alg: "ES256", status: "in_use" }]);
        const rotate = await runCli(["keys", "rotate", "--workdir", project.workdir], fileEnv);
        expect(rotate.code).toBe(1);
        expect(rotate.stderr).toContain("rotate by editing that file");
      } finally {
        await project.remove();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
