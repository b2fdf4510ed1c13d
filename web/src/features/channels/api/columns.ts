/** The columns the app reads, one list per table, so every query and insert echo has the same shape. */
export const messageColumns =
  "id, channel_id, author_id, body, thread_parent_id, reply_count, last_reply_at, created_at, edited_at, deleted_at, mentions, broadcast_mention, imported_author_name";
export const reactionColumns = "id, message_id, user_id, emoji";
export const attachmentColumns = "id, message_id, object_path, name, size_bytes, mime_type, width, height, created_at";
