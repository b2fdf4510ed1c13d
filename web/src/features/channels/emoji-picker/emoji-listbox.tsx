import { CustomEmojiImage } from "../../../lib/custom-emoji/custom-emoji-image";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { EmojiOption } from "./emoji-autocomplete-text";
import "./emoji-picker.css";

type EmojiListboxProps = {
  id: string;
  options: EmojiOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: EmojiOption) => void;
};

/** The listbox of the `:` autocomplete (the message box is its combobox; focus stays in the box). */
export function EmojiListbox({ id, options, activeIndex, optionId, onChoose }: EmojiListboxProps) {
  const t = useTranslate();
  return (
    <ul id={id} role="listbox" className="mention-suggestions" aria-label={t("channels.emojiPicker.suggestions")}>
      {options.map((option, index) => (
        <li
          key={option.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className="mention-suggestions__option"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
        >
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
        </li>
      ))}
    </ul>
  );
}
