export type Channel = {
  id: string;
  workspace_id: string;
  name: string;
  topic: string;
  is_private: boolean;
  archived_at: string | null;
  /** `direct`: a DM or group DM, named by its people rather than `name`. */
  kind: "channel" | "direct";
};

export type Message = {
  id: string;
  channel_id: string;
  author_id: string | null;
  body: string;
  thread_parent_id: string | null;
  reply_count: number;
  last_reply_at: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  /** People the message mentions (ids, from `<@id>` tokens and `@username`s). */
  mentions: string[];
  /** `channel` or `here` when it says @channel / @here. */
  broadcast_mention: string | null;
  /** Set on a message imported from Slack (which has no author_id): the name Slack showed. */
  imported_author_name?: string | null;
};

/** A profile the caller may see; `avatar_path` is the picture in the `avatars` bucket, or null. */
export type Person = { id: string; display_name: string; username: string; avatar_path: string | null };

/** One person's emoji on one message (`public.reactions`). */
export type Reaction = { id: string; message_id: string; user_id: string; emoji: string };

/** A file on a message (`public.attachments`); the file itself is in the `attachments` bucket. */
export type Attachment = {
  id: string;
  message_id: string;
  object_path: string;
  name: string;
  size_bytes: number;
  mime_type: string;
  width: number | null;
  height: number | null;
  created_at: string;
};
