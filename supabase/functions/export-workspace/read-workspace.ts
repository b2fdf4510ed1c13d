// Everything an export holds, read through the owner's own client: Row Level Security decides, so
// the export has exactly what the owner could read in the app — every public channel, and the
// private channels they belong to (other private channels are listed by name only, as the app
// shows them to owners), and the owner's own DMs (nobody else's: RLS keeps DMs to their people).
// Deleted messages are left out.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  created_at: string;
}
export interface MemberRow {
  user_id: string;
  role: string;
  joined_at: string;
  profiles: { username: string; display_name: string; email: string } | null;
}
export interface ChannelRow {
  id: string;
  name: string;
  topic: string;
  is_private: boolean;
  /** `direct`: a DM of the owner's (RLS shows nobody else's); its `name` is a placeholder. */
  kind: "channel" | "direct";
  archived_at: string | null;
  created_by: string | null;
  created_at: string;
}
export interface MessageRow {
  id: string;
  channel_id: string;
  author_id: string | null;
  body: string;
  thread_parent_id: string | null;
  created_at: string;
  edited_at: string | null;
  import_key: string | null;
  /** The Slack name of an imported message's author (its author_id is null). */
  imported_author_name: string | null;
}
export interface ReactionRow {
  message_id: string;
  user_id: string;
  emoji: string;
}
export interface AttachmentRow {
  id: string;
  message_id: string;
  object_path: string;
  name: string;
  size_bytes: number;
  mime_type: string;
}

export interface WorkspaceData {
  workspace: WorkspaceRow;
  members: MemberRow[];
  channels: ChannelRow[];
  channelMembers: { channel_id: string; user_id: string }[];
  messages: MessageRow[];
  reactions: ReactionRow[];
  attachments: AttachmentRow[];
}

/** Filters with `in` go in the URL: ask about this many channels at a time. */
const CHUNK = 100;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

async function perChannel<T>(
  channelIds: string[],
  read: (ids: string[], from: number, to: number) => PromiseLike<{ data: unknown[] | null; error: unknown }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const ids of chunks(channelIds)) rows.push(...(await fetchAll<T>((from, to) => read(ids, from, to))));
  return rows;
}

/** Reads one workspace as the caller sees it. */
export async function readWorkspace(client: SupabaseClient, workspaceId: string): Promise<WorkspaceData> {
  const { data: workspace, error } = await client
    .from("workspaces")
    .select("id, name, slug, created_at")
    .eq("id", workspaceId)
    .single();
  if (error) throw error;
  const members = await fetchAll<MemberRow>((from, to) =>
    client
      .from("workspace_members")
      .select("user_id, role, joined_at, profiles(username, display_name, email)")
      .eq("workspace_id", workspaceId)
      .order("joined_at")
      .order("user_id")
      .range(from, to),
  );
  const channels = await fetchAll<ChannelRow>((from, to) =>
    client
      .from("channels")
      .select("id, name, topic, is_private, kind, archived_at, created_by, created_at")
      .eq("workspace_id", workspaceId)
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  const channelIds = channels.map((channel) => channel.id);
  const channelMembers = await perChannel<{ channel_id: string; user_id: string }>(channelIds, (ids, from, to) =>
    client
      .from("channel_members")
      .select("channel_id, user_id")
      .in("channel_id", ids)
      .order("channel_id")
      .order("user_id")
      .range(from, to),
  );
  const messages = await fetchAll<MessageRow>((from, to) =>
    client
      .from("messages")
      .select(
        "id, channel_id, author_id, body, thread_parent_id, created_at, edited_at, import_key, imported_author_name",
      )
      .eq("workspace_id", workspaceId)
      .is("deleted_at", null)
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  const reactions = await perChannel<ReactionRow>(channelIds, (ids, from, to) =>
    client
      .from("reactions")
      .select("message_id, user_id, emoji")
      .in("channel_id", ids)
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  const attachments = await fetchAll<AttachmentRow>((from, to) =>
    client
      .from("attachments")
      .select("id, message_id, object_path, name, size_bytes, mime_type")
      .eq("workspace_id", workspaceId)
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  return { workspace: workspace as WorkspaceRow, members, channels, channelMembers, messages, reactions, attachments };
}
