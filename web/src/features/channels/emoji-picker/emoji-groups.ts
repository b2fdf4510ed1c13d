import type { MessageId } from "../../../lib/i18n/messages";

/** The picker's tabs: what the person used most, the workspace's own emoji (when it has any), then emojibase's groups in CLDR's order. */
export const emojiGroups = [
  { id: "frequent", label: "channels.emojiPicker.group.frequent", icon: "🕘" },
  { id: "custom", label: "channels.emojiPicker.group.custom", icon: "⭐" },
  { id: 0, label: "channels.emojiPicker.group.smileys", icon: "😀" },
  { id: 1, label: "channels.emojiPicker.group.people", icon: "👋" },
  { id: 3, label: "channels.emojiPicker.group.animals", icon: "🐻" },
  { id: 4, label: "channels.emojiPicker.group.food", icon: "🍎" },
  { id: 5, label: "channels.emojiPicker.group.travel", icon: "🚗" },
  { id: 6, label: "channels.emojiPicker.group.activities", icon: "⚽" },
  { id: 7, label: "channels.emojiPicker.group.objects", icon: "💡" },
  { id: 8, label: "channels.emojiPicker.group.symbols", icon: "❤️" },
  { id: 9, label: "channels.emojiPicker.group.flags", icon: "🏁" },
] as const satisfies readonly { id: "frequent" | "custom" | number; label: MessageId; icon: string }[];

export type EmojiGroupId = (typeof emojiGroups)[number]["id"];
