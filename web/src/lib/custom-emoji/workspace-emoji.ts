import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../supabase";

/** The bucket custom emoji images live in (public read); `<workspace_id>/<file>`. */
export const customEmojiBucket = "custom-emoji";

/** One emoji a workspace uploaded: written `:name:`, shown as the image at `url`. */
export type CustomEmoji = { id: string; name: string; storagePath: string; url: string };

/** Query keys of a workspace's custom emoji (the picker, the autocomplete, messages and the admin page share them). */
export const customEmojiKeys = {
  all: ["custom-emoji"] as const,
  workspace: (workspaceId: string) => [...customEmojiKeys.all, workspaceId] as const,
};

/** A workspace's custom emoji by name (RLS: its members read them). */
export async function listCustomEmoji(workspaceId: string): Promise<CustomEmoji[]> {
  const supabase = getSupabase();
  const { data, error } = await supabase
    .from("custom_emoji")
    .select("id, name, storage_path")
    .eq("workspace_id", workspaceId)
    .order("name");
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    storagePath: row.storage_path,
    url: supabase.storage.from(customEmojiBucket).getPublicUrl(row.storage_path).data.publicUrl,
  }));
}

/** A workspace's custom emoji; `enabled: false` (no workspace) leaves it empty. */
export function useCustomEmoji(workspaceId: string | null | undefined) {
  return useQuery({
    queryKey: customEmojiKeys.workspace(workspaceId ?? ""),
    queryFn: () => listCustomEmoji(workspaceId ?? ""),
    enabled: Boolean(workspaceId),
    staleTime: 5 * 60_000,
  });
}

/** The `:name:` a custom emoji is written as (in messages, reactions and notification texts). */
export const customEmojiCode = (name: string) => `:${name}:`;
