import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** The private bucket chat files live in, under `<workspace_id>/<channel_id>/<uuid>/<name>`. */
export const attachmentBucket = "attachments";

export type BucketLimits = { fileSizeLimit: number | null; allowedMimeTypes: string[] | null };

/** The bucket's own limits (size, types), read from storage so the app never hard-codes them. */
export async function getBucketLimits(): Promise<BucketLimits> {
  const { data, error } = await getSupabase().storage.getBucket(attachmentBucket);
  if (error) throw error;
  return {
    fileSizeLimit: data.file_size_limit ?? null,
    allowedMimeTypes: data.allowed_mime_types?.length ? data.allowed_mime_types : null,
  };
}

export function useBucketLimits() {
  return useQuery({ queryKey: channelQueryKeys.bucket(), queryFn: getBucketLimits, staleTime: 10 * 60_000 });
}

/** Why a file cannot go in the bucket, before any byte is sent; `null` when it may. */
export function fileProblem(
  file: { size: number; type: string },
  limits: BucketLimits,
): "tooLarge" | "wrongType" | null {
  if (limits.fileSizeLimit !== null && file.size > limits.fileSizeLimit) return "tooLarge";
  if (
    limits.allowedMimeTypes &&
    !limits.allowedMimeTypes.some((allowed) => mimeMatches(file.type || "application/octet-stream", allowed))
  )
    return "wrongType";
  return null;
}

function mimeMatches(type: string, allowed: string): boolean {
  if (allowed.endsWith("/*")) return type.startsWith(allowed.slice(0, -1));
  return type === allowed;
}
