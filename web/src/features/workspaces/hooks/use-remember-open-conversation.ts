import { useEffect } from "react";
import { useRememberConversation } from "../api/last-conversation";

/**
 * Each time a conversation opens, notes it as the person's last one, so signing in (on any device)
 * or opening `/` lands there. A refused or failed note is harmless: landing then falls back.
 */
export function useRememberOpenConversation(userId: string, channelId: string | undefined) {
  const { mutate } = useRememberConversation();
  useEffect(() => {
    if (userId && channelId) mutate({ userId, channelId });
  }, [userId, channelId, mutate]);
}
