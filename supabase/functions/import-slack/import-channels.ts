// Slack channels → Parley channels. A channel whose name already exists in the workspace (ignoring
// case) is the same channel: imported messages join it, so #general meets #general and a second
// run finds the channels of the first. Private Slack channels (groups.json) become private
// channels; the Slack members of every channel become its members.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";
import type { ImportedUser } from "./import-users.ts";
import type { SlackChannel } from "./slack-archive.ts";

export interface ChannelCounts {
  created: number;
  matched: number;
}

/** Parley's channel-name rule: letters, digits, `_`/`-`, inner spaces and dots, at most 80. */
export function toChannelName(slackName: string): string | null {
  const cleaned = slackName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._-]/gu, "-")
    .slice(0, 80)
    .replace(/^[ .]+|[ .]+$/g, "");
  return /^[\p{L}\p{N}_-]([\p{L}\p{N} ._-]{0,78}[\p{L}\p{N}_-])?$/u.test(cleaned) ? cleaned : null;
}

async function existingChannels(admin: SupabaseClient, workspaceId: string): Promise<Map<string, string>> {
  const rows = await fetchAll<{ id: string; name: string }>((from, to) =>
    admin.from("channels").select("id, name").eq("workspace_id", workspaceId).order("id").range(from, to),
  );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/**
 * Finds or creates each channel and adds its Slack members. Returns Parley's channel id per Slack
 * channel id, and the names that could not become Parley channel names.
 */
export async function importChannels(
  admin: SupabaseClient,
  workspaceId: string,
  ownerId: string,
  channels: SlackChannel[],
  users: Map<string, ImportedUser>,
): Promise<{ byId: Map<string, string>; counts: ChannelCounts; invalidNames: string[] }> {
  const existing = await existingChannels(admin, workspaceId);
  const byId = new Map<string, string>();
  const counts: ChannelCounts = { created: 0, matched: 0 };
  const invalidNames: string[] = [];
  for (const channel of channels) {
    const name = toChannelName(channel.name);
    if (!name) {
      invalidNames.push(channel.name);
      continue;
    }
    let id = existing.get(name.toLowerCase());
    if (id) counts.matched += 1;
    else {
      const { data, error } = await admin
        .from("channels")
        .insert({
          workspace_id: workspaceId,
          name,
          topic: channel.topic.slice(0, 250),
          is_private: channel.isPrivate,
          created_by: (channel.creator && users.get(channel.creator)?.id) || ownerId,
          archived_at: channel.archived ? new Date().toISOString() : null,
        })
        .select("id")
        .single();
      if (error) throw error;
      id = data.id as string;
      existing.set(name.toLowerCase(), id);
      counts.created += 1;
    }
    byId.set(channel.id, id);
    const members = channel.members.flatMap((slackId) => {
      const user = users.get(slackId);
      return user ? [{ channel_id: id, user_id: user.id, added_by: ownerId }] : [];
    });
    if (members.length > 0) {
      const added = await admin
        .from("channel_members")
        .upsert(members, { onConflict: "channel_id,user_id", ignoreDuplicates: true });
      if (added.error) throw added.error;
    }
  }
  return { byId, counts, invalidNames };
}
