import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CustomEmoji, customEmojiBucket, customEmojiKeys } from "../../../lib/custom-emoji/workspace-emoji";
import { getSupabase } from "../../../lib/supabase";

/**
 * Removes the emoji's row, then its image. Messages that wrote `:name:` show the text again, as
 * Slack shows a removed emoji's name.
 */
export async function removeCustomEmoji(emoji: CustomEmoji): Promise<void> {
  const supabase = getSupabase();
  const { error } = await supabase.from("custom_emoji").delete().eq("id", emoji.id);
  if (error) throw error;
  await supabase.storage.from(customEmojiBucket).remove([emoji.storagePath]);
}

export function useRemoveCustomEmoji(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCustomEmoji,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customEmojiKeys.workspace(workspaceId) }),
  });
}
