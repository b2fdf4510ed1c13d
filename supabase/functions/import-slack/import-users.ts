// Slack users → who they are in Parley, matched by email:
//   1. a member of the workspace with that email → matched: added to the channels the import makes
//      and credited with their reactions (never with messages: see import-messages.ts);
//   2. anyone else → a placeholder: their messages show their Slack name, and if the export names
//      their email, an import_placeholders row remembers the imported channels they were in.
// No account is created and nobody is added to the workspace: only an invitation the person
// accepts makes them a member (an unconfirmed account with their address was claimed by simply
// signing up, enrolling them without consent). Accepting one joins them to their placeholder's
// channels (trigger in migration 20261208120000_slack_import_placeholders.sql).
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";
import type { SlackUser } from "./slack-archive.ts";

export interface ImportedUser {
  /** The name imported messages show ("imported from Slack: <name>"). */
  name: string;
  /** The workspace member with the same email, if any. */
  memberId: string | null;
  memberUsername: string | null;
  /** Lower-cased email of a non-member, whose placeholder records the channels they were in. */
  placeholderEmail: string | null;
}

export interface UserCounts {
  matched: number;
  /** Not members: shown by their Slack name; those with an email join on accepting an invitation. */
  placeholders: number;
}

interface Profile {
  id: string;
  email: string;
  username: string;
}

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

/** The shown name: Slack's display name, else its handle, within Parley's 80 characters. */
const shownName = (user: SlackUser) => (user.displayName.trim() || user.name.trim() || user.id).slice(0, 80);

/**
 * Matches every Slack user to a workspace member by email, or makes them a placeholder. Reads with
 * the service role; writes nothing (placeholders are saved with their channels, savePlaceholders).
 */
export async function importUsers(
  admin: SupabaseClient,
  workspaceId: string,
  users: SlackUser[],
): Promise<{ byId: Map<string, ImportedUser>; counts: UserCounts }> {
  const members = await workspaceProfiles(admin, workspaceId);
  const byId = new Map<string, ImportedUser>();
  const counts: UserCounts = { matched: 0, placeholders: 0 };
  for (const user of users) {
    const email = user.email?.toLowerCase() ?? null;
    const member = email ? members.get(email) : undefined;
    if (member) counts.matched += 1;
    else counts.placeholders += 1;
    byId.set(user.id, {
      name: shownName(user),
      memberId: member?.id ?? null,
      memberUsername: member?.username ?? null,
      placeholderEmail: member || !email || email.length > 320 ? null : email,
    });
  }
  return { byId, counts };
}

/**
 * Saves a placeholder per non-member with an email, adding the channels this import put them in to
 * those an earlier import recorded.
 */
export async function savePlaceholders(
  admin: SupabaseClient,
  workspaceId: string,
  importerId: string,
  users: Map<string, ImportedUser>,
  channelsByEmail: Map<string, Set<string>>,
): Promise<void> {
  const waiting = [...users.values()].filter((user) => user.placeholderEmail);
  if (waiting.length === 0) return;
  const earlier = await fetchAll<{ email: string; channel_ids: string[] }>((from, to) =>
    admin
      .from("import_placeholders")
      .select("email, channel_ids")
      .eq("workspace_id", workspaceId)
      .order("email")
      .range(from, to),
  );
  const known = new Map(earlier.map((row) => [row.email, row.channel_ids]));
  const rows = new Map<string, object>();
  for (const user of waiting) {
    const email = user.placeholderEmail ?? "";
    const channels = new Set([...(known.get(email) ?? []), ...(channelsByEmail.get(email) ?? [])]);
    rows.set(email, {
      workspace_id: workspaceId,
      email,
      display_name: user.name,
      channel_ids: [...channels],
      created_by: importerId,
    });
  }
  const { error } = await admin
    .from("import_placeholders")
    .upsert([...rows.values()], { onConflict: "workspace_id,email" });
  if (error) throw error;
}
