import { useTranslate } from "../../../lib/i18n/use-translate";

/** The people a message may name, by id, with the names they have now. */
export type MentionNames = ReadonlyMap<string, { display_name: string }>;

/**
 * A mention of a person, shown with their current name (the message stores only their id).
 * `mine` marks a mention of the reader.
 */
export function MentionChip({ name, mine }: { name: string | null; mine: boolean }) {
  const t = useTranslate();
  return (
    <span className={mine ? "mention-chip mention-chip--mine" : "mention-chip"}>
      {t("mentions.chip", { name: name ?? t("channels.messages.unknownAuthor") })}
    </span>
  );
}
