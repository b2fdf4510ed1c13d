import { createContext, type ReactNode, use, useMemo } from "react";
import { type CustomEmoji, useCustomEmoji } from "./workspace-emoji";

const CustomEmojiContext = createContext<ReadonlyMap<string, CustomEmoji>>(new Map());

/**
 * Hands the open workspace's custom emoji, by name, to everything inside it that may show
 * `:name:` (messages, previews, reactions, the picker and the autocomplete). Fetched once per
 * workspace; outside one (or while it loads) the map is empty and `:name:` shows as text.
 */
export function CustomEmojiProvider({ workspaceId, children }: { workspaceId: string; children: ReactNode }) {
  const emoji = useCustomEmoji(workspaceId);
  const byName = useMemo(() => new Map((emoji.data ?? []).map((each) => [each.name, each])), [emoji.data]);
  return <CustomEmojiContext value={byName}>{children}</CustomEmojiContext>;
}

/** The open workspace's custom emoji by name (see `CustomEmojiProvider`). */
export function useCustomEmojiByName(): ReadonlyMap<string, CustomEmoji> {
  return use(CustomEmojiContext);
}
