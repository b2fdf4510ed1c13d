import { useId, useState, type KeyboardEvent, type RefObject } from "react";
import { useIntl } from "react-intl";
import { loadedOnce } from "../../../lib/loaded-once";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useOnlineUserIds } from "../../../lib/workspace/workspace-presence";
import type { MentionOption } from "./mention-suggestions";

/**
 * The text side of the autocomplete, loaded when a message box first takes focus (or on its first
 * keystroke), not with the conversation: nothing can be typed before. What was typed meanwhile is
 * kept (`Caret`) and read once it is in, so an `@` typed at once still opens the suggestions.
 */
const mentionText = loadedOnce(() => import("./mention-text"));

/** Where the text and the caret were when the box last changed. */
type Caret = { text: string; position: number; composing: boolean };

type Options = {
  workspaceId: string;
  me: string;
  body: string;
  setBody: (body: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
};

/**
 * The @ autocomplete of a message box, after the ARIA combobox pattern: the suggestions are a
 * listbox the box controls, with the highlighted option as its active descendant, so screen
 * readers announce it while focus stays in the text. The box keeps its textbox role (a multi-line
 * box is not a combobox in ARIA 1.2, and `aria-expanded` is not allowed on a textbox). ↓/↑ move, Enter or Tab choose, Escape closes; typing goes on as usual.
 * `onKeyDown` returns true when it used the key. Nothing opens while an IME is composing.
 */
export function useMentionAutocomplete({ workspaceId, me, body, setBody, input }: Options) {
  const intl = useIntl();
  const listboxId = useId();
  const members = useWorkspaceMembers(workspaceId);
  const online = useOnlineUserIds(workspaceId);
  const text = mentionText.useLoaded();
  const [caret, setCaret] = useState<Caret | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  // Read only while it is the box's current text: a send or a chosen mention replaces the text.
  const query = text && caret?.text === body ? text.mentionQueryAt(caret.text, caret.position, caret.composing) : null;
  // A new query starts at its first option; once none is left, a dismissed one may open again.
  const queryKey = query ? `${query.start}:${query.query}` : null;
  const [shownKey, setShownKey] = useState(queryKey);
  if (queryKey !== shownKey) {
    setShownKey(queryKey);
    setActive(0);
    if (queryKey === null) setDismissedAt(null);
  }

  const options: MentionOption[] =
    text && query && dismissedAt !== query.start
      ? text.mentionOptions(query.query, members.data ?? [], online, me, intl.locale)
      : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  /** Call when the box takes focus: loads the text side before the first `@`. */
  function prepare() {
    void mentionText.load();
  }

  /** Call after the text or the caret moved (change, click, key up, composition end). */
  function track(element: HTMLTextAreaElement, composing: boolean) {
    prepare();
    setCaret({ text: element.value, position: element.selectionStart, composing });
  }

  function choose(option: MentionOption) {
    if (!query || !text) return;
    const chosen = text.insertMention(body, query, option.username);
    setBody(chosen.text);
    setCaret(null);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(chosen.caret, chosen.caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) setActive((activeIndex + move + options.length) % options.length);
    else if (event.key === "Enter" || event.key === "Tab") {
      const option = options[activeIndex];
      if (option) choose(option);
    } else if (event.key === "Escape") setDismissedAt(query?.start ?? null);
    else return false;
    event.preventDefault();
    return true;
  }

  const comboboxProps = {
    "aria-autocomplete": "list",
    "aria-controls": open ? listboxId : undefined,
    "aria-activedescendant": open ? optionId(activeIndex) : undefined,
  } as const;

  return { options, open, activeIndex, listboxId, optionId, choose, prepare, track, onKeyDown, comboboxProps };
}
