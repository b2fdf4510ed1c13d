import { useState } from "react";
import { userInitials } from "./user-initials";
import "./user-avatar.css";

type UserAvatarProps = {
  /** The person's display name: the initials when there is no picture. */
  name: string;
  /** The picture's URL, or null for initials. */
  imageUrl: string | null;
  size?: "small" | "medium";
};

/**
 * A person's picture, or their initials when they have none (or it fails to load). Decorative: the
 * name is always written beside it, so it is hidden from screen readers.
 */
export function UserAvatar({ name, imageUrl, size = "small" }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = imageUrl !== null && failedUrl !== imageUrl;
  return (
    <span className={`user-avatar user-avatar--${size}`} aria-hidden="true" data-avatar="">
      {showImage ? (
        <img className="user-avatar__image" src={imageUrl} alt="" onError={() => setFailedUrl(imageUrl)} />
      ) : (
        <span className="user-avatar__initials">{userInitials(name)}</span>
      )}
    </span>
  );
}
