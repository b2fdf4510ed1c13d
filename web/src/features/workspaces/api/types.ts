export type Workspace = { id: string; name: string; slug: string; created_at: string };

export type SidebarChannel = { id: string; name: string; is_private: boolean; archived_at: string | null };

export type UnreadCount = {
  channel_id: string;
  unread_count: number;
  mention_count: number;
  last_message_at: string | null;
  /** The caller's read marker, else when they joined: both counts are of messages after it. */
  read_since: string;
};
