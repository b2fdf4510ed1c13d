import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { SuggestionListbox } from "../components/suggestion-listbox";
import type { EmojiOption } from "./emoji-autocomplete-text";
import "./emoji-picker.css";

type EmojiListboxProps = {
  id: string;
  options: EmojiOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: EmojiOption) => void;
};

/** The listbox of the `:` autocomplete: each emoji (or custom image), its name and shortcode. */
export function EmojiListbox(props: EmojiListboxProps) {
  const t = useTranslate();
  return (
    <SuggestionListbox
      {...props}
      label={t("channels.emojiPicker.suggestions")}
      renderOption={(option) => (
        <>
          <span className="emoji-suggestion__emoji">
            {option.image ? <CustomEmojiImage name={option.image.name} url={option.image.url} /> : option.emoji}
          </span>
          <span className="mention-suggestions__name" dir={option.image ? "ltr" : undefined}>
            {option.name}
          </span>
          {option.shortcode && (
            <span className="mention-suggestions__handle" dir="ltr">
              :{option.shortcode}:
            </span>
          )}
        </>
      )}
    />
  );
}
