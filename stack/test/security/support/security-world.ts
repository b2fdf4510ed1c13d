import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { TestStack } from "../../support/test-stack.ts";
import { nowSeconds } from "../../support/tokens.ts";
import { anonymousClient, clientWithToken, type Person } from "../../parley/support/people.ts";
import { buildWorld, spareMember, type Actor as ParleyActor, type World } from "../../parley/support/world.ts";

/**
 * Who tries things in the security matrices. `anonymous` is a user of "try it without an account"
 * (`signInAnonymously`: role `authenticated`, `is_anonymous: true`, no workspace); `signed-out`
 * carries only the publishable key.
 */
export type SecurityActor = "owner" | "admin" | "member" | "outsider" | "anonymous" | "signed-out";
export const SECURITY_ACTORS: readonly SecurityActor[] = [
  "owner",
  "admin",
  "member",
  "outsider",
  "anonymous",
  "signed-out",
];

/** The Parley policy world (see parley/support/world.ts) plus an anonymous user, everyone with a real session. */
export interface SecurityWorld {
  base: World;
  /** The base world with `anonymous` among its people, for parley's operation helpers. */
  extended: World;
  people: Record<Exclude<SecurityActor, "signed-out">, Person>;
  client(actor: SecurityActor): SupabaseClient;
  /** Maps a security actor onto parley's actor names (`signed-out` is parley's `anon`). */
  parleyActor(actor: SecurityActor): ParleyActor;
}

/**
 * A token for a real auth.sessions row (so the auth service and functions, which look the session
 * up, accept it), with the claims the auth service puts in a password or anonymous session's token.
 */
export async function sessionToken(
  t: TestStack,
  person: { id: string; email: string },
  anonymous = false,
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID();
  const method = anonymous ? "anonymous" : "password";
  await t.stack.db.admin.query(
    `insert into auth.sessions (id, user_id, aal, created_at, updated_at) values ($1, $2, 'aal1', now(), now())`,
    [sessionId, person.id],
  );
  await t.stack.db.admin.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) values ($1, $2, $3, now(), now())`,
    [randomUUID(), sessionId, method],
  );
  const iat = nowSeconds();
  const token = await t.stack.keys.sign({
    iss: `${t.url}/auth/v1`,
    sub: person.id,
    aud: "authenticated",
    role: "authenticated",
    email: person.email,
    phone: "",
    aal: "aal1",
    amr: [{ method, timestamp: iat }],
    session_id: sessionId,
    is_anonymous: anonymous,
    iat,
    exp: iat + 3600,
  });
  return { token, sessionId };
}

/** An anonymous auth user as `signInAnonymously` creates it (no email, `is_anonymous`). */
async function createAnonymousUser(t: TestStack): Promise<Person> {
  const id = randomUUID();
  await t.stack.db.admin.query(
    `insert into auth.users (instance_id, id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', true,
       '{"provider":"anonymous","providers":["anonymous"]}', '{}', now(), now())`,
    [id],
  );
  const { token } = await sessionToken(t, { id, email: "" }, true);
  return { id, email: "", token, client: clientWithToken(t, token) };
}

async function withSession(t: TestStack, person: Person): Promise<Person> {
  const { token } = await sessionToken(t, person);
  return { ...person, token, client: clientWithToken(t, token) };
}

/** A new member of the world's workspace, with a real session. */
export async function signedInSpareMember(t: TestStack, w: SecurityWorld, label: string): Promise<Person> {
  return withSession(t, await spareMember(w.base, label));
}

/** The direct conversation `opener` opens with `memberIds` in the world's workspace: its channel id. */
export async function openDirectConversation(w: SecurityWorld, opener: Person, memberIds: string[]): Promise<string> {
  const { data, error } = await opener.client.rpc("open_direct_conversation", {
    workspace_id: w.base.workspaceId,
    member_ids: memberIds,
  });
  if (error || typeof data !== "string") throw new Error(`arranging the DM: ${error?.message}`);
  return data;
}

/** Builds the world on a started Parley stack. */
export async function buildSecurityWorld(t: TestStack): Promise<SecurityWorld> {
  const base = await buildWorld(t);
  for (const actor of ["owner", "admin", "member", "outsider"] as const)
    base.people[actor] = await withSession(t, base.people[actor]);
  const anonymous = await createAnonymousUser(t);
  const people = { ...base.people, anonymous };
  const signedOut = anonymousClient(t);
  const extended: World = {
    ...base,
    people: people as World["people"],
    client: (actor) => (actor === "anon" ? signedOut : people[actor].client),
  };
  const parleyActor = (actor: SecurityActor): ParleyActor => (actor === "signed-out" ? "anon" : (actor as ParleyActor));
  return {
    base,
    extended,
    people,
    client: (actor) => (actor === "signed-out" ? signedOut : people[actor].client),
    parleyActor,
  };
}

/**
 * Parses a matrix: `leading` label columns (separated by two or more spaces), then one mark per
 * actor (✓/✗, or a value such as an HTTP status). Lines starting with `#` are headings. The actors
 * are the security actors unless a matrix names its own columns.
 */
export function parseMatrix<L extends string[], A extends string = SecurityActor>(
  text: string,
  leading: number,
  actors: readonly A[] = SECURITY_ACTORS as readonly string[] as readonly A[],
): { labels: L; actor: A; mark: string; allowed: boolean }[] {
  return text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
    .flatMap((line) => {
      const cells = line.trim().split(/\s{2,}/);
      const labels = cells.slice(0, leading) as L;
      const marks = cells.slice(leading).join(" ").split(/\s+/);
      if (marks.length !== actors.length) throw new Error(`matrix line has ${marks.length} marks: ${line}`);
      return actors.map((actor, i) => ({ labels, actor, mark: marks[i] ?? "", allowed: marks[i] === "✓" }));
    });
}

export async function closeRealtime(w: SecurityWorld): Promise<void> {
  for (const actor of SECURITY_ACTORS) {
    const client = w.client(actor);
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
}
