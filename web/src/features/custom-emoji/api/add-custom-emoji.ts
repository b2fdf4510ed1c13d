import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customEmojiBucket, customEmojiKeys } from "../../../lib/custom-emoji/workspace-emoji";
import { getSupabase } from "../../../lib/supabase";

/** The image types and size the `custom-emoji` bucket takes (its migration sets the same limits). */
export const customEmojiTypes = { "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/jpeg": "jpg" };
export const customEmojiMaxBytes = 128 * 1024;

/** Why an emoji was not added, as the add form words it. */
export type AddEmojiProblem = "nameTaken" | "name" | "failed";

export class AddEmojiError extends Error {
  constructor(readonly problem: AddEmojiProblem) {
    super(problem);
  }
}

/**
 * Uploads the image under the workspace's folder, then adds the row naming it; a refused row
 * (name taken: PostgreSQL 23505; name against the rules: 23514) removes the image again.
 */
export async function addCustomEmoji(workspaceId: string, name: string, file: File): Promise<void> {
  const supabase = getSupabase();
  const extension = customEmojiTypes[file.type as keyof typeof customEmojiTypes];
  const path = `${workspaceId}/${crypto.randomUUID()}.${extension}`;
  const upload = await supabase.storage.from(customEmojiBucket).upload(path, file, { contentType: file.type });
  if (upload.error) throw new AddEmojiError("failed");
  const { error } = await supabase.from("custom_emoji").insert({ workspace_id: workspaceId, name, storage_path: path });
  if (!error) return;
  await supabase.storage.from(customEmojiBucket).remove([path]);
  throw new AddEmojiError(error.code === "23505" ? "nameTaken" : error.code === "23514" ? "name" : "failed");
}

export function useAddCustomEmoji(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => addCustomEmoji(workspaceId, name, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customEmojiKeys.workspace(workspaceId) }),
  });
}
