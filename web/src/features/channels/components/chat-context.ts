import { createContext, useContext } from "react";
import type { Attachment, Person, Reaction } from "../api/types";

/** What every message in an open channel needs: who is looking, who is who, and shared UI state. */
export type ChatContextValue = {
  channelId: string;
  workspaceId: string;
  me: string;
  canPost: boolean;
  /** Workspace owners and admins may delete other people's messages (the policies allow it). */
  canModerate: boolean;
  people: Map<string, Person> | undefined;
  reactions: Reaction[];
  attachments: Attachment[];
  /** The message being edited inline, if any (one at a time across timeline and thread). */
  editingId: string | null;
  setEditingId: (id: string | null) => void;
  /** Opens a message's thread in the side panel; `opener` gets focus back when it closes. */
  openThread: (messageId: string, opener: HTMLElement | null) => void;
  /** Tells the others in the channel that the caller is typing (throttled), or stopped. */
  notifyTyping: (stopped?: boolean) => void;
};

export const ChatContext = createContext<ChatContextValue | null>(null);

export function useChat(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error("useChat() needs a ChatContext provider (the channel page)");
  return value;
}
