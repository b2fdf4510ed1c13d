// Slack files → Parley attachments. Slack exports usually hold only each file's URL (behind Slack's
// sign-in); exports made with files included carry the bytes under __uploads/<file id>/. Bytes are
// uploaded to the attachments bucket beside the message; a file without bytes — or one the bucket
// refuses (type not allowed, over 25 MiB) — becomes a line in the message naming it and its link.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import type { SlackFile } from "./slack-archive.ts";

export interface PendingAttachment {
  id: string;
  message_id: string;
  workspace_id: string;
  channel_id: string;
  uploader_id: string | null;
  object_path: string;
  name: string;
  size_bytes: number;
  mime_type: string;
}

const MIME = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;
const safeKeyName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-120) || "file";

/** The line a message gets for a file it cannot carry: its name, linked when Slack gave an http(s) URL. */
export function fileNote(file: SlackFile): string {
  const name = file.name.replace(/[[\]\n]+/g, " ").trim() || file.id;
  return file.url && /^https?:\/\/\S+$/.test(file.url) ? `📎 [${name}](${file.url})` : `📎 ${name}`;
}

/** Where a Slack file's bytes go: the same key on every run, beside its message. */
export function attachmentPath(
  place: { workspaceId: string; channelId: string; messageId: string },
  file: SlackFile,
): string {
  return `${place.workspaceId}/${place.channelId}/${place.messageId}/${file.id}-${safeKeyName(file.name)}`;
}

/**
 * Uploads the bytes of one Slack file for a message (service role) and returns the attachment row
 * to insert once the message exists — or null when there are no bytes or the bucket refused them.
 */
export async function uploadSlackFile(
  admin: SupabaseClient,
  place: { workspaceId: string; channelId: string; messageId: string; uploaderId: string | null },
  file: SlackFile,
  bytes: Uint8Array | undefined,
): Promise<PendingAttachment | null> {
  if (!bytes) return null;
  const mimeType = MIME.test(file.mimeType) ? file.mimeType : "application/octet-stream";
  const objectPath = attachmentPath(place, file);
  const { error } = await admin.storage
    .from("attachments")
    .upload(objectPath, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }), {
      contentType: mimeType,
      upsert: true,
    });
  if (error) return null;
  return {
    id: crypto.randomUUID(),
    message_id: place.messageId,
    workspace_id: place.workspaceId,
    channel_id: place.channelId,
    uploader_id: place.uploaderId,
    object_path: objectPath,
    name: file.name.slice(0, 255),
    size_bytes: bytes.length,
    mime_type: mimeType,
  };
}
