import { lazy } from "react";

// The parts of a conversation its messages do not need to show: each loads in a chunk of its own,
// after the messages have painted (`AfterFirstScreen`) or when first used (a thread, an edit).

export const LazyComposer = lazy(async () => ({ default: (await import("./composer")).Composer }));
export const LazyThreadPane = lazy(async () => ({ default: (await import("./thread-pane")).ThreadPane }));
export const LazyMessageActions = lazy(async () => ({ default: (await import("./message-actions")).MessageActions }));
export const LazyEditMessageForm = lazy(async () => ({
  default: (await import("./edit-message-form")).EditMessageForm,
}));
export const LazyConversationTools = lazy(async () => ({
  default: (await import("./conversation-tools")).ConversationTools,
}));
export const LazyConversationMenu = lazy(async () => ({
  default: (await import("./conversation-tools")).ConversationMenu,
}));
export const LazyChannelHeaderActions = lazy(async () => ({
  default: (await import("./channel-header-actions")).ChannelHeaderActions,
}));
