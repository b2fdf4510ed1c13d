import { useId, useState, type KeyboardEvent, type RefObject } from "react";
import { useIntl } from "react-intl";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useOnlineUserIds } from "../../../lib/workspace/workspace-presence";
import { insertMention, mentionQueryAt, type MentionQuery } from "./mention-query";
import { mentionOptions, type MentionOption } from "./mention-suggestions";

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
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const options: MentionOption[] =
    query && dismissedAt !== query.start
      ? mentionOptions(query.query, members.data ?? [], online, me, intl.locale)
      : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  /** Call after the text or the caret moved (change, click, key up, composition end). */
  function track(element: HTMLTextAreaElement, composing: boolean) {
    const next = mentionQueryAt(element.value, element.selectionStart, composing);
    if (next?.start !== query?.start || next?.query !== query?.query) setActive(0);
    if (next === null) setDismissedAt(null);
    setQuery(next);
  }

  function choose(option: MentionOption) {
    if (!query) return;
    const { text, caret } = insertMention(body, query, option.username);
    setBody(text);
    setQuery(null);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
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

  return { options, open, activeIndex, listboxId, optionId, choose, track, onKeyDown, comboboxProps };
}
