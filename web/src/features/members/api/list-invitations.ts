import { useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { membersQueryKeys } from "./members-keys";

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["admin", "member"]),
  created_at: z.string(),
  expires_at: z.string(),
});
/** An open invitation; `expired` is judged when the list is fetched. */
export type PendingInvitation = z.infer<typeof invitationSchema> & { expired: boolean };

/** Open invitations of a workspace (RLS: admins see them), newest first. */
export async function listInvitations(workspaceId: string): Promise<PendingInvitation[]> {
  const { data, error } = await getSupabase()
    .from("invitations")
    .select("id, email, role, created_at, expires_at")
    .eq("workspace_id", workspaceId)
    .is("accepted_at", null)
    .order("created_at", { ascending: false });
  if (error) throw error;
  const now = Date.now();
  return z
    .array(invitationSchema)
    .parse(data)
    .map((invitation) => ({ ...invitation, expired: Date.parse(invitation.expires_at) <= now }));
}

export function useInvitations(workspaceId: string) {
  return useQuery({ queryKey: membersQueryKeys.invitations(workspaceId), queryFn: () => listInvitations(workspaceId) });
}
