// POST /functions/v1/invite-member  {workspace_id, email, role?: "member" | "admin", redirect_to?}
//
// An admin or owner invites someone by email. The invitation keeps only the SHA-256 of a random
// token; the token travels in the email's link to the app's accept page (`redirect_to`, default
// PARLEY_APP_URL + /invite), which calls accept-invite with it. A new address gets the auth
// service's invite email (an account is created on acceptance of the link); an existing user gets a
// sign-in link to the same page. Inviting again rotates the token and resends.
//
// 200 {invitation: {id, workspace_id, email, role, expires_at}, email: "invite" | "sign_in_link"}
import { adminClient, anonClient, requireCaller } from "../_shared/clients.ts";
import { FunctionError, json, postHandler, readJsonObject } from "../_shared/http.ts";
import { randomToken, sha256Hex } from "../_shared/tokens.ts";
import { optionalChoice, optionalUrl, requireEmail, requireUuid } from "../_shared/validate.ts";

const INVITATION_DAYS = 7;

Deno.serve(
  postHandler(async (req) => {
    const caller = await requireCaller(req);
    const body = await readJsonObject(req);
    const workspaceId = requireUuid(body, "workspace_id");
    const email = requireEmail(body, "email");
    const role = optionalChoice(body, "role", ["member", "admin"] as const, "member");
    const redirectTo =
      optionalUrl(body, "redirect_to") ?? new URL("/invite", Deno.env.get("PARLEY_APP_URL") ?? "http://127.0.0.1:5173");

    const admin = adminClient();
    const { data: membership, error: membershipError } = await admin
      .from("workspace_members")
      .select("role, workspaces(name, slug)")
      .eq("workspace_id", workspaceId)
      .eq("user_id", caller.user.id)
      .maybeSingle();
    if (membershipError) throw membershipError;
    if (!membership || (membership.role !== "owner" && membership.role !== "admin")) {
      throw new FunctionError("not_workspace_admin", "Only admins and owners of this workspace can invite.");
    }
    const workspace = membership.workspaces as unknown as { name: string; slug: string };

    const { data: existingProfile, error: profileError } = await admin
      .from("profiles")
      .select("id")
      .eq("email", email)
      .maybeSingle();
    if (profileError) throw profileError;
    if (existingProfile) {
      const { data: alreadyMember } = await admin
        .from("workspace_members")
        .select("user_id")
        .eq("workspace_id", workspaceId)
        .eq("user_id", existingProfile.id)
        .maybeSingle();
      if (alreadyMember) throw new FunctionError("already_member", `${email} is already a member of this workspace.`);
    }

    const token = randomToken();
    const invitation = {
      workspace_id: workspaceId,
      email,
      role,
      token_hash: await sha256Hex(token),
      invited_by: caller.user.id,
      expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000).toISOString(),
    };
    const { data: open } = await admin
      .from("invitations")
      .select("id")
      .eq("workspace_id", workspaceId)
      .eq("email", email)
      .is("accepted_at", null)
      .maybeSingle();
    const saved = open
      ? await admin
          .from("invitations")
          .update(invitation)
          .eq("id", open.id)
          .select("id, workspace_id, email, role, expires_at")
          .single()
      : await admin.from("invitations").insert(invitation).select("id, workspace_id, email, role, expires_at").single();
    if (saved.error) throw saved.error;

    const link = new URL(redirectTo);
    link.searchParams.set("token", token);
    const sent = await sendInvitationEmail(email, link.toString(), existingProfile !== null, {
      workspace_name: workspace.name,
      workspace_slug: workspace.slug,
      invited_by: caller.user.email ?? "",
    });
    return json({ invitation: saved.data, email: sent });
  }),
);

/**
 * A new address gets the auth service's invite email (which creates the user); someone who already
 * has an account gets a sign-in link, since the auth service refuses to invite them.
 */
async function sendInvitationEmail(
  email: string,
  redirectTo: string,
  hasAccount: boolean,
  data: Record<string, string>,
): Promise<"invite" | "sign_in_link"> {
  if (!hasAccount) {
    const { error } = await adminClient().auth.admin.inviteUserByEmail(email, { redirectTo, data });
    if (!error) return "invite";
    // Someone who registered without a profile row yet (or between our check and now): fall through.
    if (error.code !== "email_exists" && !/already (been )?registered/i.test(error.message)) {
      throw new FunctionError("email_failed", `The invitation email could not be sent: ${error.message}`);
    }
  }
  const { error } = await anonClient().auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  });
  if (error) throw new FunctionError("email_failed", `The invitation email could not be sent: ${error.message}`);
  return "sign_in_link";
}
