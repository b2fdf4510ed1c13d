// Slack users → Parley accounts, matched by email:
//   1. a member of the workspace with that email          → matched
//   2. an existing Parley account outside the workspace   → a stand-in placeholder, added as a member
//   3. nobody                                             → a placeholder account, added as a member
// Only an invitation the person accepts makes an existing account a member (or creating a
// workspace): an archive that names someone's email must not put them into a workspace, show them
// its sidebar or hand their profile to its owner. So case 2 gets a stand-in with an address that
// cannot receive mail, credited with their Slack history; the owner may invite the person.
// A placeholder is an auth user created without a password and with an unconfirmed email, marked
// `app_metadata.placeholder = true`: nobody can sign in as it until the person proves the address
// by an email link (the sign-in page's magic link or password reset, or an invitation from the
// members page), which claims the account with all its imported messages. Slack users without an
// email (bots, some guests) and stand-ins get `slack-<id>.<workspace>@slack-import.invalid`, which
// can never receive mail, so those accounts never sign in.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";
import type { SlackUser } from "./slack-archive.ts";

export interface ImportedUser {
  id: string;
  username: string;
}

export interface UserCounts {
  matched: number;
  /** Existing accounts outside the workspace, credited to a stand-in instead of being added. */
  stand_ins: number;
  created: number;
}

interface Profile {
  id: string;
  email: string;
  username: string;
}

const placeholderEmail = (user: SlackUser, workspaceId: string) =>
  `slack-${user.id.toLowerCase()}.${workspaceId.slice(0, 8)}@slack-import.invalid`;

async function workspaceProfiles(admin: SupabaseClient, workspaceId: string): Promise<Map<string, Profile>> {
  const rows = await fetchAll<{ profiles: Profile | null }>((from, to) =>
    admin
      .from("workspace_members")
      .select("profiles(id, email, username)")
      .eq("workspace_id", workspaceId)
      .order("user_id")
      .range(from, to),
  );
  return new Map(
    rows.flatMap((row) => (row.profiles ? [[row.profiles.email.toLowerCase(), row.profiles] as const] : [])),
  );
}

async function profileByEmail(admin: SupabaseClient, email: string): Promise<Profile | null> {
  const { data, error } = await admin.from("profiles").select("id, email, username").eq("email", email).maybeSingle();
  if (error) throw error;
  return data as Profile | null;
}

async function createPlaceholder(admin: SupabaseClient, user: SlackUser, email: string): Promise<Profile> {
  const { data, error } = await admin.auth.admin.createUser({
    email,
    email_confirm: false,
    user_metadata: { display_name: user.displayName.slice(0, 80), username: user.name },
    app_metadata: { placeholder: true, imported_from: "slack", slack_user_id: user.id },
  });
  if (error || !data.user) {
    // Created by an earlier, interrupted run (or just now by someone signing up): use that one.
    const existing = await profileByEmail(admin, email);
    if (existing) return existing;
    throw error ?? new Error(`no user created for ${email}`);
  }
  const profile = await profileByEmail(admin, email);
  if (!profile) throw new Error(`no profile for ${email}`);
  return profile;
}

/**
 * Finds the member or creates the placeholder account for every Slack user and makes sure each is a
 * member of the workspace (never an account outside it: see above). Runs with the service role
 * (creating accounts needs the auth admin API).
 */
export async function importUsers(
  admin: SupabaseClient,
  workspaceId: string,
  users: SlackUser[],
): Promise<{ byId: Map<string, ImportedUser>; counts: UserCounts }> {
  const members = await workspaceProfiles(admin, workspaceId);
  const byId = new Map<string, ImportedUser>();
  const counts: UserCounts = { matched: 0, stand_ins: 0, created: 0 };
  for (const user of users) {
    const realEmail = user.email?.toLowerCase();
    const standInEmail = placeholderEmail(user, workspaceId);
    const member = (realEmail ? members.get(realEmail) : undefined) ?? members.get(standInEmail);
    if (member) {
      counts.matched += 1;
      byId.set(user.id, { id: member.id, username: member.username });
      continue;
    }
    const existing = realEmail ? await profileByEmail(admin, realEmail) : null;
    const email = realEmail && !existing ? realEmail : standInEmail;
    const profile = await createPlaceholder(admin, user, email);
    const joined = await admin
      .from("workspace_members")
      .upsert(
        { workspace_id: workspaceId, user_id: profile.id, role: "member" },
        { onConflict: "workspace_id,user_id", ignoreDuplicates: true },
      );
    if (joined.error) throw joined.error;
    if (existing) counts.stand_ins += 1;
    else counts.created += 1;
    members.set(email, profile);
    byId.set(user.id, { id: profile.id, username: profile.username });
  }
  return { byId, counts };
}
