import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from "react";
import { useIntl } from "react-intl";
import { useCustomEmojiByName } from "../../../lib/custom-emoji/custom-emoji-context";
import type { EmojiEntry } from "../../../lib/emoji/emoji-catalog";
import { isLocale } from "../../../lib/i18n/locales";
import { loadedOnce } from "../../../lib/loaded-once";
import type { EmojiOption } from "./emoji-autocomplete-text";

/**
 * The text side (finding `:name` at the caret, matching, inserting), loaded when a message box
 * first takes focus; the emoji data itself loads on the first `:` typed.
 */
const emojiText = loadedOnce(() => import("./emoji-autocomplete-text"));

type Caret = { text: string; position: number; composing: boolean };

type Options = {
  me: string;
  body: string;
  setBody: (body: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
};

/**
 * The `:` autocomplete of a message box (`:tada` offers 🎉; names in the page's language and
 * English, and shortcodes), built like the @ autocomplete: a listbox the box controls, ↓/↑ move,
 * Enter or Tab choose, Escape closes. It opens from the second character, as Slack's does.
 */
export function useEmojiAutocomplete({ me, body, setBody, input }: Options) {
  const { locale } = useIntl();
  const listboxId = useId();
  const text = emojiText.useLoaded();
  const [caret, setCaret] = useState<Caret | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [catalog, setCatalog] = useState<{ locale: string; entries: EmojiEntry[] } | null>(null);
  const custom = useCustomEmojiByName();

  const query = text && caret?.text === body ? text.emojiQueryAt(caret.text, caret.position, caret.composing) : null;
  const wanted = query !== null && catalog?.locale !== locale;
  useEffect(() => {
    if (!wanted || !text) return;
    let current = true;
    text
      .loadEmojiCatalog(isLocale(locale) ? locale : "en")
      .then((entries) => current && setCatalog({ locale, entries }))
      .catch(() => undefined); // offline: no suggestions, the text stays as typed
    return () => {
      current = false;
    };
  }, [wanted, text, locale]);

  const queryKey = query ? `${query.start}:${query.query}` : null;
  const [shownKey, setShownKey] = useState(queryKey);
  if (queryKey !== shownKey) {
    setShownKey(queryKey);
    setActive(0);
    if (queryKey === null) setDismissedAt(null);
  }

  const options: EmojiOption[] =
    text && query && query.query.length >= 2 && dismissedAt !== query.start && catalog?.locale === locale
      ? text.emojiOptions(catalog.entries, [...custom.values()], query.query, text.readSkinTone())
      : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const prepare = () => void emojiText.load();

  function track(element: HTMLTextAreaElement, composing: boolean) {
    prepare();
    setCaret({ text: element.value, position: element.selectionStart, composing });
  }

  function choose(option: EmojiOption) {
    if (!query || !text) return;
    const chosen = text.insertEmoji(body, query, option.emoji);
    text.recordEmojiUse(me, option.emoji);
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
