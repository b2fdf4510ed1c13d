import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../supabase";
import { arrayOf, isString, nullable, objectOf, oneOf } from "../value-guards";
import { sharedWorkspaceKeys } from "./workspace-keys";

export const workspaceRoles = ["owner", "admin", "member"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** Owners and admins manage members and channels and may remove anyone's message. */
export const isWorkspaceAdmin = (role: WorkspaceRole | undefined) => role === "owner" || role === "admin";

const areMemberRows = arrayOf(
  objectOf({
    id: isString,
    user_id: isString,
    role: oneOf(workspaceRoles),
    joined_at: isString,
    profiles: nullable(
      objectOf({
        display_name: nullable(isString),
        username: isString,
        email: isString,
        avatar_path: nullable(isString),
      }),
    ),
  }),
);

/** `membershipId` is the workspace_members row's own id: a realtime delete names nothing else. */
export type WorkspaceMember = {
  membershipId: string;
  userId: string;
  role: WorkspaceRole;
  joinedAt: string;
  name: string;
  username: string;
  email: string;
  /** The picture in the `avatars` bucket (`publicAvatarUrl`), or null. */
  avatarPath: string | null;
};

/** The members of a workspace with their roles and names (RLS: only members can read them), by name. */
export async function listWorkspaceMembers(workspaceId: string): Promise<WorkspaceMember[]> {
  const { data, error } = await getSupabase()
    .from("workspace_members")
    .select("id, user_id, role, joined_at, profiles(display_name, username, email, avatar_path)")
    .eq("workspace_id", workspaceId);
  if (error) throw error;
  if (!areMemberRows(data)) throw new Error("workspace members: rows of an unexpected shape");
  return data
    .map((row) => ({
      membershipId: row.id,
      userId: row.user_id,
      role: row.role,
      joinedAt: row.joined_at,
      name: row.profiles?.display_name || row.profiles?.username || "",
      username: row.profiles?.username ?? "",
      email: row.profiles?.email ?? "",
      avatarPath: row.profiles?.avatar_path ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Members of a workspace, shared by the sidebar, the members page and search filters. */
export function useWorkspaceMembers(workspaceId: string) {
  return useQuery({
    queryKey: sharedWorkspaceKeys.members(workspaceId),
    queryFn: () => listWorkspaceMembers(workspaceId),
  });
}

/** The caller's role in the workspace, once the members are loaded. */
export function useMyWorkspaceRole(workspaceId: string, userId: string): WorkspaceRole | undefined {
  return useWorkspaceMembers(workspaceId).data?.find((member) => member.userId === userId)?.role;
}
