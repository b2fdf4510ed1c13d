import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { invokeFunction as invoke, type FunctionAnswer } from "../../parley/support/invoke-function.ts";
import { clientWithToken, createPerson } from "../../parley/support/people.ts";
import {
  buildSecurityWorld,
  parseMatrix,
  sessionToken,
  type SecurityActor,
  type SecurityWorld,
} from "../support/security-world.ts";
import { FUNCTIONS_MATRIX } from "./functions-matrix.ts";

let t: TestStack;
let w: SecurityWorld;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildSecurityWorld(t);
});
afterAll(() => t?.close());

const PASSWORD = "correct-horse-battery";
const newEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.test`;

/** An open invitation to the workspace for an address, with the token that accepts it. */
async function invitationFor(email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await w.base.insert("invitations", {
    workspace_id: w.base.workspaceId,
    email,
    role: "member",
    token_hash: createHash("sha256").update(token).digest("hex"),
    invited_by: w.people.owner.id,
  });
  return token;
}

/** A disposable caller in the same position as the actor (for delete-account). */
async function standIn(actor: SecurityActor): Promise<SupabaseClient> {
  if (actor === "owner" || actor === "signed-out" || actor === "anonymous") return w.client(actor);
  const person = await createPerson(t, `stand-in-${actor}`, PASSWORD);
  if (actor !== "outsider")
    await w.base.insert("workspace_members", { workspace_id: w.base.workspaceId, user_id: person.id, role: actor });
  return clientWithToken(t, (await sessionToken(t, person)).token);
}

const attempts: Record<string, (actor: SecurityActor) => Promise<FunctionAnswer>> = {
  "say hello": (actor) => invoke(w.client(actor), "hello", { name: actor }),
  "invite someone to the workspace": (actor) =>
    invoke(w.client(actor), "invite-member", { workspace_id: w.base.workspaceId, email: newEmail() }),
  "invite someone to another workspace": (actor) =>
    invoke(w.client(actor), "invite-member", { workspace_id: w.base.otherWorkspaceId, email: newEmail() }),
  "accept an invitation sent to someone else": async (actor) =>
    invoke(w.client(actor), "accept-invite", { token: await invitationFor(newEmail()) }),
  "accept an invitation sent to me": async (actor) => {
    const email = actor === "signed-out" || actor === "anonymous" ? newEmail() : w.people[actor].email.toLowerCase();
    return invoke(w.client(actor), "accept-invite", { token: await invitationFor(email) });
  },
  "delete my account with a wrong password": (actor) =>
    invoke(w.client(actor), "delete-account", { password: "not-my-password" }),
  "delete my account with my password": async (actor) =>
    invoke(await standIn(actor), "delete-account", { password: PASSWORD }),
};

describe("edge functions: every function, for every kind of caller", () => {
  const cases = parseMatrix<[string, string]>(FUNCTIONS_MATRIX, 2).map(
    ({ labels: [name, action], actor, mark }) => [actor, name, action, Number(mark)] as const,
  );
  it.each(cases)("%s: %s, %s → %i", async (actor, _name, action, status) => {
    const attempt = attempts[action];
    if (!attempt) throw new Error(`no attempt for ${action}`);
    const answer = await attempt(actor);
    expect(answer.status).toBe(status);
    // Refusals speak the functions' error vocabulary (or the gateway's verify_jwt answer).
    if (status !== 200) expect(answer.body).toMatchObject({ error: { code: expect.any(String) } });
  });

  it("left the workspace's people and owner in place (refused calls changed nothing)", async () => {
    const rows = await w.base.sql<{ role: string }>(
      "select role from public.workspace_members where workspace_id = $1 and user_id = $2",
      [w.base.workspaceId, w.people.owner.id],
    );
    expect(rows).toEqual([{ role: "owner" }]);
  });
});
