import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { FunctionError } from "./http.ts";

/**
 * Refuses (403 `not_workspace_owner`) unless the caller owns the workspace. Asked through the
 * caller's own client, so an outsider — who cannot even see the membership rows — is refused the
 * same way as a member or an admin.
 * @example await requireWorkspaceOwner(callerClient(caller), workspaceId, caller.user.id);
 */
export async function requireWorkspaceOwner(
  client: SupabaseClient,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const { data, error } = await client
    .from("workspace_members")
    .select("role")
    .eq("workspace_id", workspaceId)
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  if (data?.role !== "owner") {
    throw new FunctionError("not_workspace_owner", "Only an owner of this workspace can do this.");
  }
}
