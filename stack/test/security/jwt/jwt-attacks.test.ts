import { randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { anonymousClient } from "../../parley/support/people.ts";
import { buildWorld, type World } from "../../parley/support/world.ts";
import { ATTACK_TOKENS, type AttackBase } from "./attack-tokens.ts";
import { JWT_MATRIX } from "./jwt-matrix.ts";
import { SERVICE_PROBES, type Outcome, type ProbeTargets } from "./service-probes.ts";

let t: TestStack;
let w: World;
let base: AttackBase;
let targets: ProbeTargets;

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });

async function passwordSession(email: string): Promise<{ access: string; client: ReturnType<typeof anonymousClient> }> {
  const client = anonymousClient(t);
  const { data, error } = await client.auth.signInWithPassword({ email, password: "correct-horse-battery" });
  if (error || !data.session) throw error ?? new Error("no session");
  return { access: data.session.access_token, client };
}

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  const victim = await passwordSession(w.people.member.email);
  const doomed = await passwordSession(w.people.member.email);
  await doomed.client.auth.signOut({ scope: "local" });
  const memberFolder = `${w.workspaceId}/${w.publicChannelId}`;
  const [general] = await w.sql<{ id: string }>("select id from public.channels where workspace_id = $1", [
    w.otherWorkspaceId,
  ]);
  const foreignFolder = `${w.otherWorkspaceId}/${general?.id ?? ""}`;
  for (const [client, folder] of [
    [w.people.member.client, memberFolder],
    [w.people.outsider.client, foreignFolder],
  ] as const) {
    const { error } = await client.storage
      .from("attachments")
      .upload(`${folder}/${randomUUID()}/photo.png`, png(), { contentType: "image/png" });
    if (error) throw error;
  }
  base = {
    t,
    token: victim.access,
    claims: decodeJwt(victim.access) as AttackBase["claims"],
    revokedToken: doomed.access,
  };
  targets = {
    t,
    memberId: w.people.member.id,
    outsiderId: w.people.outsider.id,
    workspaceId: w.workspaceId,
    memberFolder,
    foreignFolder,
  };
});
afterAll(() => t?.close());

/** An outcome in the matrix's words. */
function describeOutcome(service: string, outcome: Outcome): string {
  if (outcome.accepted) return `as ${outcome.as}`;
  const body = (outcome.body ?? {}) as Record<string, unknown>;
  if (service === "realtime") return String(outcome.body).split(":")[0] ?? "";
  if (service === "storage") return `${outcome.status} ${String(body.statusCode)}/${String(body.error)}`;
  if (service === "functions") return `${outcome.status} ${String(body.msg)}`;
  // Auth without X-Supabase-Api-Version puts its code in error_code (code is the status).
  return `${outcome.status} ${String(service === "auth" ? body.error_code : body.code)}`;
}

const SERVICES = ["auth", "rest", "storage", "realtime", "functions"] as const;
const rows = JWT_MATRIX.trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split("|").map((cell) => cell.trim()));
const cases = rows.flatMap(([token = "", ...cells]) =>
  SERVICES.map((service, i) => [token, service, cells[i] ?? ""] as const),
);

describe("JWT attack corpus against every service", () => {
  it("covers every token of the corpus", () => {
    expect(rows.map(([token]) => token).sort()).toEqual(Object.keys(ATTACK_TOKENS).sort());
  });

  it.each(cases)("%s → %s answers %s", async (tokenName, service, expected) => {
    const forge = ATTACK_TOKENS[tokenName];
    const probe = SERVICE_PROBES[service];
    if (!forge || !probe) throw new Error(`unknown row ${tokenName} / ${service}`);
    const outcome = await probe(targets, await forge(base));
    expect(describeOutcome(service, outcome)).toBe(expected);
  });

  it("the genuine token of the same session acts as the member everywhere (the probes can tell)", async () => {
    for (const service of SERVICES) {
      const outcome = await SERVICE_PROBES[service]!(targets, base.token);
      expect(describeOutcome(service, outcome)).toBe(service === "functions" ? "as caller" : "as member");
    }
  });
});

// A forged token in the `apikey` header (where legacy anon/service_role JWT keys go), with no
// Authorization: the gateway verifies legacy keys and refuses as hosted Supabase's does.
const FORGED_KEYS = [
  "alg none, role service_role",
  "HS256 signed with the public key",
  "tampered payload (role service_role, signature kept)",
];
const ADMIN_PATHS: Record<string, [method: string, path: string]> = {
  auth: ["GET", "/auth/v1/admin/users"],
  rest: ["GET", "/rest/v1/invitations?select=id"],
  storage: ["GET", "/storage/v1/bucket"],
  functions: ["POST", "/functions/v1/hello"],
};

describe("forged service_role keys in the apikey header", () => {
  const keyCases = FORGED_KEYS.flatMap((token) => Object.keys(ADMIN_PATHS).map((service) => [token, service] as const));
  it.each(keyCases)("%s as apikey → %s answers 401 Invalid API key", async (tokenName, service) => {
    const [method, path] = ADMIN_PATHS[service]!;
    const apikey = await ATTACK_TOKENS[tokenName]!(base);
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: { apikey, "content-type": "application/json" },
      ...(method === "POST" ? { body: "{}" } : {}),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Invalid API key" });
  });
});

/** The HTTP status a websocket upgrade is answered with (101 when it opens). */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("error", (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

describe("forged service_role keys as the realtime connect credential", () => {
  it.each(FORGED_KEYS)("%s as apikey → the socket upgrade is refused with 401", async (tokenName) => {
    const apikey = await ATTACK_TOKENS[tokenName]!(base);
    const url = `${t.url.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=1.0.0`;
    expect(await upgradeStatus(url)).toBe(401);
    // The genuine publishable key opens it: the refusal is about the forged key.
    expect(await upgradeStatus(url.replace(encodeURIComponent(apikey), t.stack.keys.publishableKey))).toBe(101);
  });
});
