import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import { useCustomEmojiByName } from "../../../lib/custom-emoji/custom-emoji-context";

const customCode = /^:([a-z0-9_-]{1,62}):$/;

/**
 * A reaction's emoji as shown on its toggle (the toggle's name already says it): a workspace's
 * custom emoji, stored as `:name:`, as its image; any other as written.
 */
export function ReactionEmoji({ emoji }: { emoji: string }) {
  const custom = useCustomEmojiByName();
  const image = custom.get(customCode.exec(emoji)?.[1] ?? "");
  return <span aria-hidden="true">{image ? <CustomEmojiImage name={image.name} url={image.url} /> : emoji}</span>;
}
