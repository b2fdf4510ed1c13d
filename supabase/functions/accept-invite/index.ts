// POST /functions/v1/accept-invite  {token}
//
// The signed-in invitee accepts: the token must match an invitation that has not expired, addressed
// to the caller's email. Adds the membership with the invitation's role (an existing membership
// keeps its role). Idempotent: accepting again as the same user answers the same success.
//
// 200 {workspace_id, workspace_slug, role, already_accepted}
import { adminClient, requireCaller } from "../_shared/clients.ts";
import { FunctionError, json, postHandler, readJsonObject } from "../_shared/http.ts";
import { sha256Hex } from "../_shared/tokens.ts";
import { requireString } from "../_shared/validate.ts";

interface Invitation {
  id: string;
  workspace_id: string;
  email: string;
  role: "admin" | "member";
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  workspaces: { slug: string } | null;
}

Deno.serve(
  postHandler(async (req) => {
    const caller = await requireCaller(req);
    const token = requireString(await readJsonObject(req), "token", 256);
    const admin = adminClient();

    const { data, error } = await admin
      .from("invitations")
      .select("id, workspace_id, email, role, expires_at, accepted_at, accepted_by, workspaces(slug)")
      .eq("token_hash", await sha256Hex(token))
      .maybeSingle();
    if (error) throw error;
    const invitation = data as unknown as Invitation | null;
    if (!invitation)
      throw new FunctionError("invitation_not_found", "This invitation link is not valid. Ask for a new one.");

    const answer = (alreadyAccepted: boolean, role: string) =>
      json({
        workspace_id: invitation.workspace_id,
        workspace_slug: invitation.workspaces?.slug ?? null,
        role,
        already_accepted: alreadyAccepted,
      });

    if (invitation.accepted_at) {
      if (invitation.accepted_by === caller.user.id) return answer(true, invitation.role);
      throw new FunctionError("invitation_used", "This invitation has already been used.");
    }
    if (new Date(invitation.expires_at).getTime() <= Date.now()) {
      throw new FunctionError("invitation_expired", "This invitation has expired. Ask for a new one.");
    }
    if ((caller.user.email ?? "").toLowerCase() !== invitation.email) {
      throw new FunctionError(
        "email_mismatch",
        "This invitation was sent to another email address. Sign in with that address.",
        {
          invited_email: invitation.email,
        },
      );
    }

    // Membership first, then the invitation: a retry after a failure in between completes the job.
    const joined = await admin
      .from("workspace_members")
      .upsert(
        { workspace_id: invitation.workspace_id, user_id: caller.user.id, role: invitation.role },
        { onConflict: "workspace_id,user_id", ignoreDuplicates: true },
      );
    if (joined.error) throw joined.error;
    const accepted = await admin
      .from("invitations")
      .update({ accepted_at: new Date().toISOString(), accepted_by: caller.user.id })
      .eq("id", invitation.id)
      .is("accepted_at", null);
    if (accepted.error) throw accepted.error;

    const { data: membership } = await admin
      .from("workspace_members")
      .select("role")
      .eq("workspace_id", invitation.workspace_id)
      .eq("user_id", caller.user.id)
      .single();
    return answer(false, membership?.role ?? invitation.role);
  }),
);
