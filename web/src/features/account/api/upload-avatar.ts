import type { BackendConfig } from "../../../lib/backend-config";
import { avatarBucket } from "../../../lib/profile/avatar-url";
import { getSupabase } from "../../../lib/supabase";

/** A refused upload, with storage's HTTP status (413 too large, 415 wrong type, 403 not allowed…). */
export class AvatarUploadError extends Error {
  constructor(readonly status: number) {
    super(`avatar upload answered ${status}`);
  }
}

/**
 * Uploads a profile picture to `avatars/<user id>/avatar-<time>` with storage's standard upload
 * (`POST /storage/v1/object/…`, upsert), reporting progress as a fraction from 0 to 1 — which
 * supabase-js's `upload()` cannot, hence XMLHttpRequest with the session's token. Resolves with
 * the object's path inside the bucket.
 */
export async function uploadAvatar(
  config: BackendConfig,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session) throw new AvatarUploadError(401);
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? "img";
  const path = `${session.user.id}/avatar-${Date.now()}.${extension}`;
  const url = config.url.replace(/\/$/, "");

  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${url}/storage/v1/object/${avatarBucket}/${path}`);
    request.setRequestHeader("apikey", config.publishableKey);
    request.setRequestHeader("authorization", `Bearer ${session.access_token}`);
    request.setRequestHeader("x-upsert", "true");
    request.setRequestHeader("cache-control", "max-age=3600");
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new AvatarUploadError(request.status));
    request.onerror = () => reject(new TypeError("network error"));
    request.send(file);
  });
  onProgress(1);
  return path;
}

/**
 * Saves the uploaded picture's path on the user (`user_metadata.avatar_path`; USER_UPDATED follows)
 * and on their profile (`profiles.avatar_path`), where teammates' screens read it.
 */
export async function saveAvatarPath(path: string): Promise<void> {
  const supabase = getSupabase();
  const { data, error } = await supabase.auth.updateUser({ data: { avatar_path: path } });
  if (error) throw error;
  const profile = await supabase.from("profiles").update({ avatar_path: path }).eq("id", data.user.id);
  if (profile.error) throw profile.error;
}

/** A short-lived URL to show a stored picture (works for private and public buckets alike). */
export async function avatarUrl(path: string): Promise<string> {
  const { data, error } = await getSupabase().storage.from(avatarBucket).createSignedUrl(path, 3600);
  if (error) throw error;
  return data.signedUrl;
}
