import { writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type StackHandle } from "../src/index.ts";
import { cliEnv, runCli } from "./support/cli.ts";
import { tempProject, type TempProject } from "./support/project.ts";

let project: TempProject;
let stack: StackHandle;
let url: string;
let ownKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

beforeAll(async () => {
  project = await tempProject("basic");
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  ownKey = privateKey;
  const jwk = { ...(await exportJWK(privateKey)), kid: "project-rsa-1", alg: "RS256" };
  await writeFile(path.join(project.workdir, "supabase/signing_keys.json"), JSON.stringify([jwk]));
  await writeFile(
    path.join(project.workdir, "supabase/config.toml"),
    '[auth]\nsigning_keys_path = "./signing_keys.json"\n',
  );
  stack = await startStack({
    workdir: project.workdir,
    dataDir: project.dataDir,
    ports: { api: 0, db: 0, inbucket: 0 },
    logger: pino({ level: "silent" }),
  });
  url = stack.status().API_URL;
});

afterAll(async () => {
  await stack?.stop();
  await project?.remove();
});

describe("[auth] signing_keys_path", () => {
  it("publishes the configured key (public part only) in the JWKS", async () => {
    const jwks = (await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", kid: "project-rsa-1", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("signs the legacy anon key with it, as the CLI does, and accepts that key", async () => {
    const header = JSON.parse(Buffer.from(stack.keys.anonKey.split(".")[0] ?? "", "base64url").toString()) as Record<
      string,
      string
    >;
    expect(header).toMatchObject({ alg: "RS256", kid: "project-rsa-1" });
    expect((await fetch(`${url}/rest/v1/notes`, { headers: { apikey: stack.keys.anonKey } })).status).toBe(200);
  });

  it("accepts bearer tokens signed with the configured key and refuses an unknown kid", async () => {
    const good = await new SignJWT({ role: "authenticated", sub: "u" })
      .setProtectedHeader({ alg: "RS256", kid: "project-rsa-1" })
      .sign(ownKey);
    const unknownKid = await new SignJWT({ role: "authenticated" })
      .setProtectedHeader({ alg: "RS256", kid: "retired" })
      .sign(ownKey);
    const call = (token: string) => fetch(`${url}/rest/v1/notes`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call(good)).status).toBe(200);
    expect((await call(unknownKid)).status).toBe(401);
  });
});

describe("rotating a signing_keys_path set by editing the file", () => {
  it("picks up the edited file on `parley-stack keys reload` without a restart", async () => {
    const file = path.join(project.workdir, "supabase/signing_keys.json");
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const newJwk = { ...(await exportJWK(privateKey)), kid: "project-ec-2", alg: "ES256" };
    const oldJwk = { ...(await exportJWK(ownKey)), kid: "project-rsa-1", alg: "RS256" };
    const oldToken = await new SignJWT({ role: "authenticated", sub: "u" })
      .setProtectedHeader({ alg: "RS256", kid: "project-rsa-1" })
      .sign(ownKey);
    const call = (token: string) => fetch(`${url}/rest/v1/notes`, { headers: { authorization: `Bearer ${token}` } });
    const env = await cliEnv(project.dataDir);
    const reload = () => runCli(["keys", "reload", "--workdir", project.workdir], env);

    await writeFile(file, JSON.stringify([newJwk, oldJwk]));
    expect(await reload()).toMatchObject({ code: 0, stdout: "Reloaded the running stack's signing keys.\n" });
    const jwks = (await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(["project-ec-2", "project-rsa-1"]);
    expect(
      JSON.parse(
        Buffer.from((await stack.keys.sign({ role: "authenticated" })).split(".")[0] ?? "", "base64url").toString(),
      ),
    ).toMatchObject({ kid: "project-ec-2" });
    expect((await call(oldToken)).status).toBe(200);

    await writeFile(file, JSON.stringify([newJwk]));
    expect((await reload()).code).toBe(0);
    expect((await call(oldToken)).status).toBe(401);
    // the legacy anon key was signed by the removed key: it is re-signed with the file's first key
    expect(JSON.parse(Buffer.from(stack.keys.anonKey.split(".")[0] ?? "", "base64url").toString())).toMatchObject({
      kid: "project-ec-2",
    });
    expect((await fetch(`${url}/rest/v1/notes`, { headers: { apikey: stack.keys.anonKey } })).status).toBe(200);
  }, 240_000);
});
