import "./custom-emoji-image.css";

/** A custom emoji as an image the size of the text around it, named `:name:` for screen readers and copy. */
export function CustomEmojiImage({ name, url }: { name: string; url: string }) {
  return <img className="custom-emoji" src={url} alt={`:${name}:`} title={`:${name}:`} loading="lazy" />;
}
