export type Channel = { id: string; workspace_id: string; name: string; topic: string; is_private: boolean; archived_at: string | null };

export type Message = {
  id: string;
  channel_id: string;
  author_id: string | null;
  body: string;
  thread_parent_id: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
};

export type Person = { id: string; display_name: string; username: string };
