export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      activity: {
        Row: {
          actor_id: string | null
          channel_id: string
          created_at: string
          id: string
          kind: string
          message_id: string
          reaction_id: string | null
          read_at: string | null
          user_id: string
          workspace_id: string
        }
        Insert: {
          actor_id?: string | null
          channel_id: string
          created_at?: string
          id?: string
          kind: string
          message_id: string
          reaction_id?: string | null
          read_at?: string | null
          user_id: string
          workspace_id: string
        }
        Update: {
          actor_id?: string | null
          channel_id?: string
          created_at?: string
          id?: string
          kind?: string
          message_id?: string
          reaction_id?: string | null
          read_at?: string | null
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "activity_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_reaction_id_fkey"
            columns: ["reaction_id"]
            isOneToOne: false
            referencedRelation: "reactions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      attachments: {
        Row: {
          channel_id: string
          created_at: string
          height: number | null
          id: string
          message_id: string
          mime_type: string
          name: string
          object_path: string
          size_bytes: number
          uploader_id: string | null
          width: number | null
          workspace_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          height?: number | null
          id?: string
          message_id: string
          mime_type: string
          name: string
          object_path: string
          size_bytes: number
          uploader_id?: string | null
          width?: number | null
          workspace_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          height?: number | null
          id?: string
          message_id?: string
          mime_type?: string
          name?: string
          object_path?: string
          size_bytes?: number
          uploader_id?: string | null
          width?: number | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "attachments_channel_id_workspace_id_fkey"
            columns: ["channel_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "attachments_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "attachments_uploader_id_fkey"
            columns: ["uploader_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      channel_members: {
        Row: {
          added_by: string | null
          channel_id: string
          joined_at: string
          user_id: string
        }
        Insert: {
          added_by?: string | null
          channel_id: string
          joined_at?: string
          user_id: string
        }
        Update: {
          added_by?: string | null
          channel_id?: string
          joined_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channel_members_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_members_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      channels: {
        Row: {
          archived_at: string | null
          broadcast_mentions: string
          created_at: string
          created_by: string | null
          direct_member_ids: string[] | null
          id: string
          is_private: boolean
          kind: string
          name: string
          topic: string
          updated_at: string
          workspace_id: string
        }
        Insert: {
          archived_at?: string | null
          broadcast_mentions?: string
          created_at?: string
          created_by?: string | null
          direct_member_ids?: string[] | null
          id?: string
          is_private?: boolean
          kind?: string
          name: string
          topic?: string
          updated_at?: string
          workspace_id: string
        }
        Update: {
          archived_at?: string | null
          broadcast_mentions?: string
          created_at?: string
          created_by?: string | null
          direct_member_ids?: string[] | null
          id?: string
          is_private?: boolean
          kind?: string
          name?: string
          topic?: string
          updated_at?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channels_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channels_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      conversation_preferences: {
        Row: {
          channel_id: string
          muted: boolean
          notify_on: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          muted?: boolean
          notify_on?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          muted?: boolean
          notify_on?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversation_preferences_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversation_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      custom_emoji: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          name: string
          storage_path: string
          workspace_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          name: string
          storage_path: string
          workspace_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          name?: string
          storage_path?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "custom_emoji_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "custom_emoji_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      import_placeholders: {
        Row: {
          channel_ids: string[]
          created_at: string
          created_by: string | null
          display_name: string
          email: string
          workspace_id: string
        }
        Insert: {
          channel_ids?: string[]
          created_at?: string
          created_by?: string | null
          display_name: string
          email: string
          workspace_id: string
        }
        Update: {
          channel_ids?: string[]
          created_at?: string
          created_by?: string | null
          display_name?: string
          email?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "import_placeholders_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "import_placeholders_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      invitations: {
        Row: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expires_at: string
          id: string
          invited_by: string | null
          role: Database["public"]["Enums"]["workspace_role"]
          token_hash: string
          workspace_id: string
        }
        Insert: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          role?: Database["public"]["Enums"]["workspace_role"]
          token_hash: string
          workspace_id: string
        }
        Update: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email?: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          role?: Database["public"]["Enums"]["workspace_role"]
          token_hash?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "invitations_accepted_by_fkey"
            columns: ["accepted_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      last_conversations: {
        Row: {
          channel_id: string
          opened_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          opened_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          opened_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "last_conversations_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "last_conversations_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      message_edits: {
        Row: {
          body: string
          channel_id: string
          id: string
          message_id: string
          replaced_at: string
          written_at: string
        }
        Insert: {
          body: string
          channel_id: string
          id?: string
          message_id: string
          replaced_at?: string
          written_at: string
        }
        Update: {
          body?: string
          channel_id?: string
          id?: string
          message_id?: string
          replaced_at?: string
          written_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_edits_message_id_channel_id_fkey"
            columns: ["message_id", "channel_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id", "channel_id"]
          },
        ]
      }
      message_pins: {
        Row: {
          channel_id: string
          message_id: string
          pinned_at: string
          pinned_by: string | null
        }
        Insert: {
          channel_id: string
          message_id: string
          pinned_at?: string
          pinned_by?: string | null
        }
        Update: {
          channel_id?: string
          message_id?: string
          pinned_at?: string
          pinned_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "message_pins_message_id_channel_id_fkey"
            columns: ["message_id", "channel_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id", "channel_id"]
          },
          {
            foreignKeyName: "message_pins_pinned_by_fkey"
            columns: ["pinned_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          author_id: string | null
          body: string
          broadcast_mention: string | null
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_key: string | null
          imported_author_name: string | null
          last_reply_at: string | null
          mentions: string[]
          reply_count: number
          search_vector: unknown
          thread_parent_id: string | null
          workspace_id: string
        }
        Insert: {
          author_id?: string | null
          body?: string
          broadcast_mention?: string | null
          channel_id: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          import_key?: string | null
          imported_author_name?: string | null
          last_reply_at?: string | null
          mentions?: string[]
          reply_count?: number
          search_vector?: never
          thread_parent_id?: string | null
          workspace_id: string
        }
        Update: {
          author_id?: string | null
          body?: string
          broadcast_mention?: string | null
          channel_id?: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          import_key?: string | null
          imported_author_name?: string | null
          last_reply_at?: string | null
          mentions?: string[]
          reply_count?: number
          search_vector?: never
          thread_parent_id?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "messages_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_channel_id_workspace_id_fkey"
            columns: ["channel_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "messages_thread_parent_id_channel_id_fkey"
            columns: ["thread_parent_id", "channel_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id", "channel_id"]
          },
        ]
      }
      notification_preferences: {
        Row: {
          dnd_end: string | null
          dnd_start: string | null
          email_missed: boolean
          notify_on: string
          snoozed_until: string | null
          time_zone: string
          updated_at: string
          user_id: string
        }
        Insert: {
          dnd_end?: string | null
          dnd_start?: string | null
          email_missed?: boolean
          notify_on?: string
          snoozed_until?: string | null
          time_zone?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          dnd_end?: string | null
          dnd_start?: string | null
          email_missed?: boolean
          notify_on?: string
          snoozed_until?: string | null
          time_zone?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          display_name: string
          email: string
          id: string
          locale: string | null
          time_zone: string | null
          updated_at: string
          username: string
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          display_name: string
          email: string
          id: string
          locale?: string | null
          time_zone?: string | null
          updated_at?: string
          username: string
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string
          email?: string
          id?: string
          locale?: string | null
          time_zone?: string | null
          updated_at?: string
          username?: string
        }
        Relationships: []
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          p256dh: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reactions: {
        Row: {
          channel_id: string
          created_at: string
          emoji: string
          id: string
          message_id: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          emoji: string
          id?: string
          message_id: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          emoji?: string
          id?: string
          message_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "reactions_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      read_markers: {
        Row: {
          channel_id: string
          id: string
          last_read_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          id?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          id?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "read_markers_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "read_markers_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_messages: {
        Row: {
          channel_id: string
          message_id: string
          saved_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          message_id: string
          saved_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          message_id?: string
          saved_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_messages_message_id_channel_id_fkey"
            columns: ["message_id", "channel_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id", "channel_id"]
          },
          {
            foreignKeyName: "saved_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      thread_follows: {
        Row: {
          following: boolean
          id: string
          message_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          following?: boolean
          id?: string
          message_id: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          following?: boolean
          id?: string
          message_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "thread_follows_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "thread_follows_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      user_statuses: {
        Row: {
          do_not_disturb: boolean
          emoji: string | null
          expires_at: string | null
          text: string
          updated_at: string
          user_id: string
        }
        Insert: {
          do_not_disturb?: boolean
          emoji?: string | null
          expires_at?: string | null
          text?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          do_not_disturb?: boolean
          emoji?: string | null
          expires_at?: string | null
          text?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_statuses_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      workspace_members: {
        Row: {
          id: string
          joined_at: string
          role: Database["public"]["Enums"]["workspace_role"]
          user_id: string
          workspace_id: string
        }
        Insert: {
          id?: string
          joined_at?: string
          role?: Database["public"]["Enums"]["workspace_role"]
          user_id: string
          workspace_id: string
        }
        Update: {
          id?: string
          joined_at?: string
          role?: Database["public"]["Enums"]["workspace_role"]
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspace_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "workspace_members_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      workspaces: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          name: string
          slug: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          name: string
          slug: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          name?: string
          slug?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspaces_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      announce_online: { Args: { workspace_id: string }; Returns: undefined }
      channel_directory: {
        Args: { search?: string; workspace_id: string }
        Returns: {
          created_at: string
          id: string
          is_member: boolean
          member_count: number
          name: string
          topic: string
        }[]
      }
      channel_unread_counts: {
        Args: { workspace_id: string }
        Returns: {
          channel_id: string
          last_message_at: string
          mention_count: number
          read_since: string
          unread_count: number
        }[]
      }
      claim_missed_activity: {
        Args: Record<PropertyKey, never>
        Returns: {
          author_name: string
          body: string
          channel_id: string
          channel_kind: string
          channel_name: string
          created_at: string
          display_name: string
          email: string
          locale: string
          message_id: string
          user_id: string
          workspace_name: string
          workspace_slug: string
        }[]
      }
      create_workspace: {
        Args: { name: string; slug: string }
        Returns: {
          created_at: string
          created_by: string | null
          id: string
          name: string
          slug: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "workspaces"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      keep_web_push_vapid_keys: {
        Args: { generated_private_jwk: Json; generated_public_key: string }
        Returns: {
          private_jwk: Json
          public_key: string
        }[]
      }
      mark_all_activity_read: {
        Args: { workspace_id: string }
        Returns: number
      }
      mark_channel_read: {
        Args: { channel_id: string; message_id?: string }
        Returns: {
          channel_id: string
          id: string
          last_read_at: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "read_markers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      open_direct_conversation: {
        Args: { member_ids: string[]; workspace_id: string }
        Returns: string
      }
      prepare_account_deletion: { Args: { target_user: string }; Returns: Json }
      record_presence: { Args: Record<PropertyKey, never>; Returns: undefined }
      release_missed_activity: {
        Args: { message_ids: string[]; person: string }
        Returns: boolean
      }
      save_push_subscription: {
        Args: {
          auth: string
          endpoint: string
          p256dh: string
          user_agent?: string
        }
        Returns: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "push_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_messages: {
        Args: {
          author_id?: string
          before?: string
          channel_id?: string
          max_results?: number
          query: string
          workspace_id: string
        }
        Returns: Database["public"]["CompositeTypes"]["message_search_hit"][]
        SetofOptions: {
          from: "*"
          to: "message_search_hit"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      send_typing: {
        Args: { channel_id: string; stopped?: boolean }
        Returns: undefined
      }
      set_thread_following: {
        Args: { following: boolean; message_id: string }
        Returns: {
          following: boolean
          id: string
          message_id: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "thread_follows"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      should_announce_activity: {
        Args: { activity_id: string }
        Returns: boolean
      }
      unsubscribe_missed_activity: {
        Args: { person: string }
        Returns: undefined
      }
      web_push_delivery: {
        Args: { activity_id: string }
        Returns: {
          actor_name: string
          auth: string
          body: string
          channel_id: string
          channel_kind: string
          channel_name: string
          endpoint: string
          kind: string
          locale: string
          message_id: string
          p256dh: string
          subscription_id: string
          workspace_slug: string
        }[]
      }
      web_push_service_hosts: {
        Args: Record<PropertyKey, never>
        Returns: string[]
      }
      web_push_vapid_keys: {
        Args: Record<PropertyKey, never>
        Returns: {
          private_jwk: Json
          public_key: string
        }[]
      }
    }
    Enums: {
      workspace_role: "owner" | "admin" | "member"
    }
    CompositeTypes: {
      message_search_hit: {
        id: string | null
        channel_id: string | null
        author_id: string | null
        thread_parent_id: string | null
        created_at: string | null
        body: string | null
        snippet: string | null
        rank: number | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  graphql_public: {
    Enums: {},
  },
  public: {
    Enums: {
      workspace_role: ["owner", "admin", "member"],
    },
  },
} as const

