import { lazy } from "react";

// The parts of a conversation that only show when asked for: each loads in a chunk of its own the
// first time it is used (a thread opened, a message edited), not with the messages.

export const LazyThreadPane = lazy(async () => ({ default: (await import("./thread-pane")).ThreadPane }));
export const LazyEditMessageForm = lazy(async () => ({
  default: (await import("./edit-message-form")).EditMessageForm,
}));
