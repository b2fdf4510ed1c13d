// Slack channels → Parley channels. An import writes only into channels it may:
//   * a channel an earlier import made for the same Slack channel (its messages carry the Slack
//     channel's import_key) and that the same importer created — so a second run adds only what
//     is new;
//   * an existing public channel of the same name (ignoring case) — so #general meets #general. In
//     Parley every member of a workspace reads and posts in its public channels (no joining
//     needed), so the importer is in it as much as anyone;
//   * otherwise a channel it creates, under a free name (`<name>-slack`, `<name>-slack-2`, …) when
//     the name is taken by a private channel or a DM.
// Nobody, the importer included, is ever added to an existing private channel or DM: an archive
// naming one with the importer among its members must not open it. Private Slack channels
// (groups.json) become private channels; the workspace members among a channel's Slack members
// join the channels the import creates or the public ones it matched; placeholders (non-members)
// are recorded to join them when they accept an invitation.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";
import { findTargetChannel, type ExistingChannel, type WorkspaceChannels } from "./channel-target.ts";
import type { ImportedUser } from "./import-users.ts";
import type { SlackChannel } from "./slack-archive.ts";

export interface ChannelCounts {
  created: number;
  matched: number;
}

export { toChannelName } from "./channel-target.ts";

async function workspaceChannels(admin: SupabaseClient, workspaceId: string) {
  return await fetchAll<ExistingChannel>((from, to) =>
    admin
      .from("channels")
      .select("id, name, kind, is_private, created_by")
      .eq("workspace_id", workspaceId)
      .order("id")
      .range(from, to),
  );
}

/** The channel an earlier import put this Slack channel's messages in, if any. */
async function earlierImport(admin: SupabaseClient, workspaceId: string, slackId: string): Promise<string | null> {
  const { data, error } = await admin
    .from("messages")
    .select("channel_id")
    .eq("workspace_id", workspaceId)
    .like("import_key", `slack:${slackId.replace(/[\\%_]/g, "\\$&")}:%`)
    .limit(1);
  if (error) throw error;
  return (data?.[0]?.channel_id as string | undefined) ?? null;
}

/**
 * Finds or creates each channel and adds its Slack members who are workspace members. Returns
 * Parley's channel id per Slack channel id, the channels each placeholder's email was put in, and
 * the names that could not become Parley channel names.
 */
export async function importChannels(
  admin: SupabaseClient,
  workspaceId: string,
  importerId: string,
  channels: SlackChannel[],
  users: Map<string, ImportedUser>,
) {
  const rows = await workspaceChannels(admin, workspaceId);
  const workspace: WorkspaceChannels = { rows, importerId };
  const byId = new Map<string, string>();
  const placeholderChannels = new Map<string, Set<string>>();
  const counts: ChannelCounts = { created: 0, matched: 0 };
  const invalidNames: string[] = [];
  for (const channel of channels) {
    const target = findTargetChannel(workspace, channel, await earlierImport(admin, workspaceId, channel.id));
    if (!target) {
      invalidNames.push(channel.name);
      continue;
    }
    let id = target.existing?.id;
    if (id) counts.matched += 1;
    else {
      const { data, error } = await admin
        .from("channels")
        .insert({
          workspace_id: workspaceId,
          name: target.name,
          topic: channel.topic.slice(0, 250),
          is_private: channel.isPrivate,
          created_by: importerId,
          archived_at: channel.archived ? new Date().toISOString() : null,
        })
        .select("id, name, kind, is_private, created_by")
        .single();
      if (error) throw error;
      rows.push(data);
      id = data.id as string;
      counts.created += 1;
    }
    byId.set(channel.id, id);
    // An existing private channel keeps the members it has.
    if (target.existing?.is_private) continue;
    const people = channel.members.flatMap((slackId) => users.get(slackId) ?? []);
    for (const person of people) {
      if (person.placeholderEmail)
        placeholderChannels.set(
          person.placeholderEmail,
          (placeholderChannels.get(person.placeholderEmail) ?? new Set()).add(id),
        );
    }
    const members = people.flatMap((p) =>
      p.memberId ? [{ channel_id: id, user_id: p.memberId, added_by: importerId }] : [],
    );
    if (members.length > 0) {
      const added = await admin
        .from("channel_members")
        .upsert(members, { onConflict: "channel_id,user_id", ignoreDuplicates: true });
      if (added.error) throw added.error;
    }
  }
  return { byId, counts, invalidNames, placeholderChannels };
}
