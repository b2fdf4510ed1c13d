// The layout of a Parley workspace export (a zip):
//   workspace.json            {format: "parley-workspace-export", version: 1, exported_at, exported_by, workspace}
//   members.json              [{user_id, username, display_name, email, role, joined_at}]  (no secrets)
//   channels.json             [{id, name, topic, is_private, kind ("channel" | "direct": a DM, named
//                               by its member_ids), archived_at, created_by, created_at, member_ids,
//                               messages_included}]
//   messages/<channel id>.json  top-level messages, oldest first:
//                             [{id, author_id, body, created_at, edited_at, import_key, imported_author_name,
//                               reactions: [{emoji, user_ids}], attachments: [{id, name, mime_type,
//                               size_bytes, file}], replies: [same shape, without replies]}]
//   files/<attachment id>/<name>  the attachment's bytes; `file` above names it (null if left out)
import { strToU8, zipSync, type Zippable } from "npm:fflate@0.8.2";
import type { AttachmentRow, MessageRow, ReactionRow, WorkspaceData } from "./read-workspace.ts";

const jsonBytes = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
/** A file name safe on every unpacking system: no path separators, reserved or control characters. */
const fileName = (name: string) =>
  Array.from(name, (c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "_" : c))
    .join("")
    .slice(0, 200) || "file";

/** The zip path of each attachment whose bytes are included (others are absent from the map). */
export type FileEntries = Map<string, { path: string; bytes: Uint8Array }>;

/** Rows grouped by one of their columns, so each message finds its own in one lookup. */
function groupBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const value = key(row);
    if (value === null) continue;
    const group = groups.get(value);
    if (group) group.push(row);
    else groups.set(value, [row]);
  }
  return groups;
}

interface Indexes {
  reactions: Map<string, ReactionRow[]>;
  attachments: Map<string, AttachmentRow[]>;
  files: FileEntries;
}

function messageEntry(message: MessageRow, index: Indexes) {
  const reactions = new Map<string, string[]>();
  for (const reaction of index.reactions.get(message.id) ?? []) {
    const users = reactions.get(reaction.emoji);
    if (users) users.push(reaction.user_id);
    else reactions.set(reaction.emoji, [reaction.user_id]);
  }
  return {
    id: message.id,
    author_id: message.author_id,
    body: message.body,
    created_at: message.created_at,
    edited_at: message.edited_at,
    import_key: message.import_key,
    imported_author_name: message.imported_author_name,
    reactions: [...reactions].map(([emoji, user_ids]) => ({ emoji, user_ids })),
    attachments: (index.attachments.get(message.id) ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      mime_type: a.mime_type,
      size_bytes: a.size_bytes,
      file: index.files.get(a.id)?.path ?? null,
    })),
  };
}

/** Where an attachment's bytes go in the archive. */
export const filePath = (attachment: AttachmentRow) => `files/${attachment.id}/${fileName(attachment.name)}`;

/** Builds the export archive from what was read and the file bytes that were fetched. */
export function buildArchive(data: WorkspaceData, files: FileEntries, exportedBy: string): Uint8Array {
  const readable = new Set(data.messages.map((m) => m.channel_id));
  const channelMembers = groupBy(data.channelMembers, (cm) => cm.channel_id);
  const entries: Zippable = {
    "workspace.json": jsonBytes({
      format: "parley-workspace-export",
      version: 1,
      exported_at: new Date().toISOString(),
      exported_by: exportedBy,
      workspace: data.workspace,
    }),
    "members.json": jsonBytes(
      data.members.map((m) => ({
        user_id: m.user_id,
        username: m.profiles?.username ?? null,
        display_name: m.profiles?.display_name ?? null,
        email: m.profiles?.email ?? null,
        role: m.role,
        joined_at: m.joined_at,
      })),
    ),
    "channels.json": jsonBytes(
      data.channels.map((c) => ({
        ...c,
        member_ids: (channelMembers.get(c.id) ?? []).map((cm) => cm.user_id),
        messages_included:
          !c.is_private ||
          readable.has(c.id) ||
          (channelMembers.get(c.id) ?? []).some((cm) => cm.user_id === exportedBy),
      })),
    ),
  };
  const index: Indexes = {
    reactions: groupBy(data.reactions, (r) => r.message_id),
    attachments: groupBy(data.attachments, (a) => a.message_id),
    files,
  };
  const byChannel = groupBy(data.messages, (m) => m.channel_id);
  const replies = groupBy(data.messages, (m) => m.thread_parent_id);
  for (const channel of data.channels) {
    const topLevel = (byChannel.get(channel.id) ?? []).filter((m) => m.thread_parent_id === null);
    entries[`messages/${channel.id}.json`] = jsonBytes(
      topLevel.map((m) => ({
        ...messageEntry(m, index),
        replies: (replies.get(m.id) ?? []).map((r) => messageEntry(r, index)),
      })),
    );
  }
  // Files are mostly compressed already (images, PDFs, archives): stored, not deflated again.
  for (const { path, bytes } of files.values()) entries[path] = [bytes, { level: 0 }];
  return zipSync(entries, { level: 6 });
}
