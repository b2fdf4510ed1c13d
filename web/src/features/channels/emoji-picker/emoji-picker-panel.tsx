import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from "react";
import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import { useCustomEmojiByName } from "../../../lib/custom-emoji/custom-emoji-context";
import { customEmojiCode } from "../../../lib/custom-emoji/workspace-emoji";
import { frequentlyUsedEmoji, recordEmojiUse } from "../../../lib/emoji/emoji-usage";
import { searchEmoji } from "../../../lib/emoji/emoji-search";
import { readSkinTone, saveSkinTone, type SkinTone, withSkinTone } from "../../../lib/emoji/skin-tone";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { reactionEmoji } from "../api/reactions";
import { EmojiGrid, type GridChoice } from "./emoji-grid";
import { type EmojiGroupId, emojiGroups } from "./emoji-groups";
import { SkinToneSelect } from "./skin-tone-select";
import { useEmojiCatalog } from "./use-emoji-catalog";
import "./emoji-picker.css";

type EmojiPickerPanelProps = {
  id: string;
  /** Where it shows (see `placeEmojiPanel`). */
  placement: CSSProperties;
  /** The panel's accessible name ("Choose a reaction", "Choose an emoji"). */
  label: string;
  /** A choice's accessible name ("React with 🎉", "Insert 🎉"). */
  choiceLabel: (emoji: string) => string;
  userId: string;
  onPick: (emoji: string) => void;
  /** Esc or a choice: the picker closes and puts focus back on its button. */
  onClose: () => void;
};

/**
 * Every Unicode emoji, searchable by its names in the page's language and English (CLDR) and by
 * shortcode, in tabs by group after the person's frequently used ones (kept per person in this
 * browser), with a skin tone that sticks. The search box takes focus as the panel shows.
 */
export function EmojiPickerPanel({
  id,
  placement,
  label,
  choiceLabel,
  userId,
  onPick,
  onClose,
}: EmojiPickerPanelProps) {
  const t = useTranslate();
  const catalog = useEmojiCatalog();
  const search = useRef<HTMLInputElement>(null);
  const tabsId = useId();
  const [query, setQuery] = useState("");
  const [group, setGroup] = useState<EmojiGroupId>("frequent");
  const [tone, setTone] = useState<SkinTone>(readSkinTone);
  const [frequent] = useState(() => frequentlyUsedEmoji(userId));
  const entries = catalog.status === "ready" ? catalog.entries : null;
  const custom = useCustomEmojiByName();
  const byEmoji = useMemo(() => new Map(entries?.map((entry) => [entry.emoji, entry])), [entries]);

  // Without preventScroll, focusing a fixed panel scrolls the conversation under it, and the
  // virtual list then unmounts the message (and the panel) it belongs to.
  useEffect(() => search.current?.focus({ preventScroll: true }), []);

  const toChoice = (emoji: string): GridChoice => {
    const own = custom.get(/^:([a-z0-9_-]+):$/.exec(emoji)?.[1] ?? "");
    if (own) return { value: emoji, display: <CustomEmojiImage name={own.name} url={own.url} />, name: emoji };
    const entry = byEmoji.get(emoji);
    const shown = entry ? withSkinTone(entry, tone) : emoji;
    return { value: shown, display: shown, name: entry?.name ?? emoji };
  };
  const customCodes = [...custom.keys()].map(customEmojiCode);
  const needle = query.trim().toLowerCase();
  const choices: GridChoice[] = needle
    ? [
        ...customCodes.filter((code) => code.includes(needle)),
        ...searchEmoji(entries ?? [], query, 200).map((entry) => entry.emoji),
      ].map(toChoice)
    : group === "frequent"
      ? [
          ...new Set([
            ...frequent.filter((emoji) => !emoji.startsWith(":") || custom.has(emoji.slice(1, -1))),
            ...reactionEmoji,
          ]),
        ]
          .slice(0, 24)
          .map(toChoice)
      : group === "custom"
        ? customCodes.map(toChoice)
        : (entries ?? []).filter((entry) => entry.group === group).map((entry) => toChoice(entry.emoji));

  function pick(emoji: string) {
    recordEmojiUse(userId, emoji);
    onPick(emoji);
    onClose();
  }

  const groupLabel = t(emojiGroups.find((each) => each.id === group)?.label ?? "channels.emojiPicker.group.frequent");
  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      className="emoji-picker__panel"
      style={placement}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="emoji-picker__top">
        <input
          ref={search}
          type="search"
          className="emoji-picker__search"
          aria-label={t("channels.emojiPicker.search")}
          placeholder={t("channels.emojiPicker.search")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <SkinToneSelect
          tone={tone}
          onChange={(next) => {
            setTone(next);
            saveSkinTone(next);
          }}
        />
      </div>
      {!query.trim() && (
        <div id={tabsId} role="group" aria-label={t("channels.emojiPicker.categories")} className="emoji-picker__tabs">
          {emojiGroups
            .filter((each) => each.id !== "custom" || custom.size > 0)
            .map((each) => (
              <button
                key={each.id}
                type="button"
                className="emoji-picker__tab"
                aria-pressed={group === each.id}
                aria-label={t(each.label)}
                title={t(each.label)}
                onClick={() => setGroup(each.id)}
              >
                <span aria-hidden="true">{each.icon}</span>
              </button>
            ))}
        </div>
      )}
      <div className="emoji-picker__body">
        {catalog.status === "error" && <p role="alert">{t("channels.emojiPicker.loadError")}</p>}
        {catalog.status === "loading" && group !== "frequent" && <p>{t("channels.emojiPicker.loading")}</p>}
        {query.trim() && entries && choices.length === 0 && (
          <p role="status">{t("channels.emojiPicker.noResults", { query: query.trim() })}</p>
        )}
        <EmojiGrid
          key={query.trim() ? "results" : String(group)}
          choices={choices}
          label={query.trim() ? t("channels.emojiPicker.results") : groupLabel}
          choiceLabel={(choice) => choiceLabel(choice.value)}
          onPick={pick}
        />
      </div>
    </div>
  );
}
