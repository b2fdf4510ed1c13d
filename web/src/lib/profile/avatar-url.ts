import { getSupabase } from "../supabase";

/** The bucket profile pictures live in (public read); each person writes only under their own user id. */
export const avatarBucket = "avatars";

/**
 * The address of a stored profile picture (`profiles.avatar_path`) in the public `avatars` bucket,
 * built without a request; null without a picture.
 * @example <UserAvatar name={member.name} imageUrl={publicAvatarUrl(member.avatarPath)} />
 */
export function publicAvatarUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return getSupabase().storage.from(avatarBucket).getPublicUrl(path).data.publicUrl;
}
