import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { attachmentBucket } from "./attachment-bucket";
import { channelQueryKeys } from "./channel-query-keys";
import { attachmentColumns } from "./columns";
import type { Attachment } from "./types";

/** The channel's attachment rows (`attachments_channel_idx`), kept current by realtime. */
export async function listAttachments(channelId: string): Promise<Attachment[]> {
  const { data, error } = await getSupabase()
    .from("attachments")
    .select(attachmentColumns)
    .eq("channel_id", channelId)
    .order("created_at")
    .limit(5000);
  if (error) throw error;
  return data as Attachment[];
}

export function useAttachments(channelId: string) {
  return useQuery({ queryKey: channelQueryKeys.attachments(channelId), queryFn: () => listAttachments(channelId) });
}

/** How long a signed link lives; the query refreshes it well before that. */
export const signedUrlSeconds = 3600;

export type SignedLinks = Map<string, { view: string; download: string }>;

/** Signed links for private files (one request for all): one to show, one that downloads under the file's name. */
export async function signFiles(files: Attachment[]): Promise<SignedLinks> {
  const bucket = getSupabase().storage.from(attachmentBucket);
  const paths = files.map((file) => file.object_path);
  const view = await bucket.createSignedUrls(paths, signedUrlSeconds);
  if (view.error) throw view.error;
  const links: SignedLinks = new Map();
  for (const file of files) {
    const shown = view.data.find((entry) => entry.path === file.object_path)?.signedUrl;
    // The same signed link with storage's `download` parameter (what createSignedUrl's `download`
    // option appends) serves the file as an attachment under its name — no second round trip.
    if (shown)
      links.set(file.object_path, { view: shown, download: `${shown}&download=${encodeURIComponent(file.name)}` });
  }
  return links;
}

/** A message's signed links, refreshed before they expire (and on demand when an image fails). */
export function useSignedLinks(files: Attachment[]) {
  const paths = files.map((file) => file.object_path);
  return useQuery({
    queryKey: channelQueryKeys.signedUrls(paths),
    queryFn: () => signFiles(files),
    enabled: files.length > 0,
    staleTime: (signedUrlSeconds - 300) * 1000,
    refetchInterval: (signedUrlSeconds - 300) * 1000,
  });
}
