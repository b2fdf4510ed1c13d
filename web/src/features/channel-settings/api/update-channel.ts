import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelSettingsKeys } from "./channel-settings-keys";

export type ChannelChanges = Partial<{
  name: string;
  topic: string;
  is_private: boolean;
  archived_at: string | null;
  broadcast_mentions: "members" | "admins";
}>;
export type ChannelUpdateProblem = "nameTaken" | "forbidden" | "failed";

/** Why an update failed: `23505` a taken name; `42501` or no row changed: not allowed (RLS). */
export class ChannelUpdateError extends Error {
  constructor(readonly problem: ChannelUpdateProblem) {
    super(`channel update failed: ${problem}`);
    this.name = "ChannelUpdateError";
  }
}

/** Updates a channel (admins, or its creator; RLS decides) and returns nothing on success. */
export async function updateChannel(channelId: string, changes: ChannelChanges): Promise<void> {
  const { data, error } = await getSupabase().from("channels").update(changes).eq("id", channelId).select("id");
  if (error)
    throw new ChannelUpdateError(
      error.code === "23505" ? "nameTaken" : error.code === "42501" ? "forbidden" : "failed",
    );
  if (data.length === 0) throw new ChannelUpdateError("forbidden");
}

/**
 * Saves channel changes. Other screens (sidebar, channel view) keep their own queries, so a save
 * refreshes every query: names and archive state show everywhere without knowing their keys. A
 * failure refreshes only this channel's settings.
 */
export function useUpdateChannel(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ChannelChanges) => updateChannel(channelId, changes),
    onSettled: (_data, error) =>
      queryClient.invalidateQueries(error ? { queryKey: channelSettingsKeys.channel(channelId) } : undefined),
  });
}
