import type { Attachment } from "./types";

/** Adds attachments to a channel's cached list, replacing ones it already holds. */
export function upsertAttachments(data: Attachment[] | undefined, added: Attachment[]): Attachment[] | undefined {
  if (!data || added.length === 0) return data;
  const ids = new Set(added.map((attachment) => attachment.id));
  return [...data.filter((existing) => !ids.has(existing.id)), ...added];
}

/** Drops an attachment by id (realtime deletes carry only the primary key). */
export function removeAttachment(data: Attachment[] | undefined, id: string): Attachment[] | undefined {
  return data?.filter((existing) => existing.id !== id);
}
