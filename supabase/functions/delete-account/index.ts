// POST /functions/v1/delete-account  {password?}
//
// Deletes the caller's account, as public.prepare_account_deletion defines it (solo workspaces
// removed, messages left as tombstones, files removed), then the auth user. Reauthentication is
// required: the current password, or — for accounts signed in by link — a sign-in within the last
// RECENT_SIGN_IN_SECONDS (the token's `amr` timestamps).
//
// 200 {deleted: true}; 409 sole_owner with details.workspaces to hand over first.
import { adminClient, anonClient, requireCaller, type Caller } from "../_shared/clients.ts";
import { FunctionError, json, postHandler, readJsonObject } from "../_shared/http.ts";
import { optionalString } from "../_shared/validate.ts";

const RECENT_SIGN_IN_SECONDS = 10 * 60;

Deno.serve(
  postHandler(async (req) => {
    const caller = await requireCaller(req);
    const password = optionalString(await readJsonObject(req), "password", 1024);
    await reauthenticate(caller, password);

    const admin = adminClient();
    const { data: plan, error } = await admin.rpc("prepare_account_deletion", { target_user: caller.user.id });
    if (error) throw error;
    const { blocked_workspaces: blocked, attachment_paths: paths } = plan as {
      blocked_workspaces: unknown[];
      attachment_paths?: string[];
    };
    if (blocked.length > 0) {
      throw new FunctionError(
        "sole_owner",
        "You are the only owner of a workspace with other members. Make someone else owner first.",
        {
          workspaces: blocked,
        },
      );
    }

    await removeFiles(admin, "attachments", paths ?? []);
    await removeFiles(admin, "avatars", await listFolder(admin, "avatars", caller.user.id));

    const deleted = await admin.auth.admin.deleteUser(caller.user.id);
    if (deleted.error) throw deleted.error;
    return json({ deleted: true });
  }),
);

async function reauthenticate(caller: Caller, password: string | undefined): Promise<void> {
  if (password !== undefined) {
    const { error } = await anonClient().auth.signInWithPassword({ email: caller.user.email ?? "", password });
    if (error) throw new FunctionError("reauthentication_failed", "The password is not correct.");
    return;
  }
  const amr = Array.isArray(caller.claims.amr) ? (caller.claims.amr as { timestamp?: number }[]) : [];
  const latest = Math.max(0, ...amr.map((entry) => Number(entry.timestamp) || 0));
  if (Date.now() / 1000 - latest > RECENT_SIGN_IN_SECONDS) {
    throw new FunctionError(
      "reauthentication_required",
      "Confirm your password (or sign in again) to delete your account.",
    );
  }
}

type Admin = ReturnType<typeof adminClient>;

async function listFolder(admin: Admin, bucket: string, folder: string): Promise<string[]> {
  const { data, error } = await admin.storage.from(bucket).list(folder, { limit: 1000 });
  if (error) {
    if (isMissing(error)) return [];
    throw new FunctionError("storage_failed", `Your files could not be listed: ${error.message}`);
  }
  return (data ?? []).filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
}

async function removeFiles(admin: Admin, bucket: string, paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 100) {
    const { error } = await admin.storage.from(bucket).remove(paths.slice(i, i + 100));
    if (error && !isMissing(error))
      throw new FunctionError("storage_failed", `Your files could not be removed: ${error.message}`);
  }
}

/** A bucket or object that is not there has nothing left to delete. */
const isMissing = (error: { message: string; statusCode?: string | number }) =>
  String(error.statusCode) === "404" || /not found/i.test(error.message);
