import { lazy } from "react";

// The parts of a conversation that only show when asked for: each loads in a chunk of its own the
// first time it is used (a thread opened, a message edited, a file attached, an @ typed, the emoji
// opened), not with the messages. Each shows where nothing stood before (a popup, a list that only
// exists with files), so nothing moves while it loads.

export const LazyThreadPane = lazy(async () => ({ default: (await import("./thread-pane")).ThreadPane }));
export const LazyEditMessageForm = lazy(async () => ({
  default: (await import("./edit-message-form")).EditMessageForm,
}));
export const LazyPendingUploadList = lazy(async () => ({
  default: (await import("./pending-upload-list")).PendingUploadList,
}));
export const LazyMentionListbox = lazy(async () => ({
  default: (await import("../mentions/mention-listbox")).MentionListbox,
}));
export const LazyEmojiListbox = lazy(async () => ({
  default: (await import("../emoji-picker/emoji-listbox")).EmojiListbox,
}));
export const LazyEmojiChoices = lazy(async () => ({ default: (await import("./emoji-choices")).EmojiChoices }));

/** Starts loading the emoji choices ahead of a click (on the picker button's focus or hover). */
export function preloadEmojiChoices() {
  void import("./emoji-choices");
}

// Dialog bodies: they load with the dialog itself (`LazyDialogFrame` waits for both), on first opening.
export const LazyProfileCard = lazy(async () => ({ default: (await import("./profile-card")).ProfileCard }));
export const LazyEditHistory = lazy(async () => ({ default: (await import("./edit-history")).EditHistory }));
export const LazyPinnedMessagesList = lazy(async () => ({
  default: (await import("./pinned-messages-list")).PinnedMessagesList,
}));

// The header's search field loads just after the first screen (`AfterFirstScreen`, in room kept for
// it); it loads its results itself, on the first search.
export const LazyConversationSearch = lazy(async () => ({
  default: (await import("./conversation-search")).ConversationSearch,
}));
