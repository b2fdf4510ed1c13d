// One Slack channel's messages → Parley messages with their thread replies, reactions and files.
// Each message remembers its origin in messages.import_key (slack:<channel id>:<ts>) and gets an id
// derived from it, so a second run finds what the first imported and adds only what is new; a
// reply points at its parent's derived id. Channel housekeeping (joins, topic changes…) is skipped.
// An imported message has no author: it carries its Slack author's name in imported_author_name
// and is shown as "imported from Slack: <name>", even when that person is a member here — it is
// never their own message (they could edit it, it would notify as theirs). Reactions are kept for
// workspace members only.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { fetchAll } from "../_shared/fetch-all.ts";
import { stableId } from "../_shared/stable-id.ts";
import { attachmentPath, fileNote, uploadSlackFile, type PendingAttachment } from "./import-files.ts";
import type { ImportedUser } from "./import-users.ts";
import type { SlackMessage } from "./slack-archive.ts";
import { toParleyEmoji } from "./slack-emoji.ts";
import { toParleyText, tsToIso } from "./slack-text.ts";
import { emptyCounts, type MessageCounts } from "./summary.ts";

const SYSTEM_SUBTYPES = new Set([
  "channel_join",
  "channel_leave",
  "channel_topic",
  "channel_purpose",
  "channel_name",
  "channel_archive",
  "channel_unarchive",
  "group_join",
  "group_leave",
  "group_topic",
  "group_purpose",
  "group_name",
  "group_archive",
  "group_unarchive",
  "pinned_item",
  "unpinned_item",
  "bot_add",
  "bot_remove",
  "tombstone",
  "reminder_add",
]);
const BATCH = 500;

export interface ChannelImport {
  admin: SupabaseClient;
  workspaceId: string;
  slackChannelId: string;
  channelId: string;
  users: Map<string, ImportedUser>;
  uploads: Map<string, Uint8Array>;
}

interface MessageRow {
  id: string;
  workspace_id: string;
  channel_id: string;
  author_id: null;
  imported_author_name: string;
  body: string;
  thread_parent_id: string | null;
  created_at: string;
  import_key: string;
}

const keyOf = (c: ChannelImport, ts: string) => `slack:${c.slackChannelId}:${ts}`;
const idOf = (c: ChannelImport, ts: string) => stableId(`${c.workspaceId}/${keyOf(c, ts)}`);

async function alreadyImported(c: ChannelImport): Promise<Set<string>> {
  const rows = await fetchAll<{ import_key: string }>((from, to) =>
    c.admin
      .from("messages")
      .select("import_key")
      .eq("channel_id", c.channelId)
      .not("import_key", "is", null)
      .order("id")
      .range(from, to),
  );
  return new Set(rows.map((row) => row.import_key));
}

async function insertBatches<T extends object>(
  c: ChannelImport,
  table: string,
  rows: T[],
  onConflict: string,
): Promise<number> {
  let inserted = 0;
  for (let at = 0; at < rows.length; at += BATCH) {
    const { data, error } = await c.admin
      .from(table)
      .upsert(rows.slice(at, at + BATCH), { onConflict, ignoreDuplicates: true })
      .select("id");
    if (error) throw error;
    inserted += data?.length ?? 0;
  }
  return inserted;
}

/** Who wrote it, as Slack named them; a message without a known user (an old bot) says "Slack". */
const authorName = (c: ChannelImport, message: SlackMessage) =>
  (message.user ? c.users.get(message.user)?.name : undefined) ?? "Slack";

/** The message row, after uploading its files (whose attachment rows are collected). */
async function toRow(
  c: ChannelImport,
  message: SlackMessage,
  parentTs: string | null,
  attachments: PendingAttachment[],
  counts: MessageCounts,
): Promise<MessageRow> {
  const id = await idOf(c, message.ts);
  const notes: string[] = [];
  for (const file of message.files) {
    const uploaded = await uploadSlackFile(
      c.admin,
      { workspaceId: c.workspaceId, channelId: c.channelId, messageId: id, uploaderId: null },
      file,
      c.uploads.get(file.id),
    );
    if (uploaded) attachments.push(uploaded);
    else notes.push(fileNote(file));
  }
  counts.files_imported += message.files.length - notes.length;
  counts.files_linked += notes.length;
  const text = toParleyText(message.text, (slackId) => c.users.get(slackId)?.memberUsername ?? null);
  return {
    id,
    workspace_id: c.workspaceId,
    channel_id: c.channelId,
    author_id: null,
    imported_author_name: authorName(c, message),
    body: [text, ...notes].filter((part) => part !== "").join("\n"),
    thread_parent_id: parentTs ? await idOf(c, parentTs) : null,
    created_at: tsToIso(message.ts),
    import_key: keyOf(c, message.ts),
  };
}

async function reactionRows(c: ChannelImport, messages: SlackMessage[], counts: MessageCounts) {
  const rows: { message_id: string; channel_id: string; user_id: string; emoji: string }[] = [];
  for (const message of messages) {
    for (const reaction of message.reactions) {
      const emoji = toParleyEmoji(reaction.name);
      for (const slackUser of reaction.users) {
        const memberId = c.users.get(slackUser)?.memberId;
        if (emoji && memberId)
          rows.push({ message_id: await idOf(c, message.ts), channel_id: c.channelId, user_id: memberId, emoji });
        else counts.reactions_skipped += 1;
      }
    }
  }
  return rows;
}

/**
 * Files of messages an earlier run imported but whose attachment it never wrote (it stopped in
 * between): uploaded now, so a re-run completes the job.
 */
async function unfinishedFiles(
  c: ChannelImport,
  imported: SlackMessage[],
  counts: MessageCounts,
): Promise<PendingAttachment[]> {
  const candidates = imported.filter((m) => m.files.some((file) => c.uploads.has(file.id)));
  if (candidates.length === 0) return [];
  const rows = await fetchAll<{ object_path: string }>((from, to) =>
    c.admin.from("attachments").select("object_path").eq("channel_id", c.channelId).order("id").range(from, to),
  );
  const existing = new Set(rows.map((row) => row.object_path));
  const pending: PendingAttachment[] = [];
  for (const message of candidates) {
    const messageId = await idOf(c, message.ts);
    const uploaderId = null;
    for (const file of message.files) {
      const place = { workspaceId: c.workspaceId, channelId: c.channelId, messageId, uploaderId };
      if (existing.has(attachmentPath(place, file))) continue;
      const uploaded = await uploadSlackFile(c.admin, place, file, c.uploads.get(file.id));
      if (uploaded) pending.push(uploaded);
    }
  }
  counts.files_imported += pending.length;
  return pending;
}

/** Imports one channel's messages (oldest first) and answers what happened. */
export async function importChannelMessages(c: ChannelImport, messages: SlackMessage[]): Promise<MessageCounts> {
  const counts = emptyCounts();
  const kept = messages.filter((m) => !(m.subtype && SYSTEM_SUBTYPES.has(m.subtype)));
  counts.system_skipped = messages.length - kept.length;
  const topLevel = new Set(kept.filter((m) => !m.threadTs || m.threadTs === m.ts).map((m) => m.ts));
  const done = await alreadyImported(c);
  const fresh = kept.filter((m) => !done.has(keyOf(c, m.ts)));
  counts.already_imported = kept.length - fresh.length;

  const attachments = await unfinishedFiles(
    c,
    kept.filter((m) => done.has(keyOf(c, m.ts))),
    counts,
  );
  const parents: MessageRow[] = [];
  const replies: MessageRow[] = [];
  for (const message of fresh) {
    const parentTs =
      message.threadTs && message.threadTs !== message.ts && topLevel.has(message.threadTs) ? message.threadTs : null;
    (parentTs ? replies : parents).push(await toRow(c, message, parentTs, attachments, counts));
  }
  counts.messages += await insertBatches(c, "messages", parents, "id");
  counts.replies += await insertBatches(c, "messages", replies, "id");
  counts.threads = new Set(replies.map((reply) => reply.thread_parent_id)).size;
  await insertBatches(c, "attachments", attachments, "object_path");
  counts.reactions += await insertBatches(
    c,
    "reactions",
    await reactionRows(c, kept, counts),
    "message_id,user_id,emoji",
  );
  return counts;
}
