import { useId } from "react";
import { type SkinTone, skinTones } from "../../../lib/emoji/skin-tone";
import { useTranslate } from "../../../lib/i18n/use-translate";

const sample = ["✋", "✋🏻", "✋🏼", "✋🏽", "✋🏾", "✋🏿"] as const;

/** Each tone's name, spelled out so the catalog check finds every id in the source. */
const toneNames = [
  "channels.emojiPicker.skinTone.0",
  "channels.emojiPicker.skinTone.1",
  "channels.emojiPicker.skinTone.2",
  "channels.emojiPicker.skinTone.3",
  "channels.emojiPicker.skinTone.4",
  "channels.emojiPicker.skinTone.5",
] as const;

/** The picker's skin tone: the default and the five Unicode modifiers, each shown on a raised hand. */
export function SkinToneSelect({ tone, onChange }: { tone: SkinTone; onChange: (tone: SkinTone) => void }) {
  const t = useTranslate();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t("channels.emojiPicker.skinTone")}
      </label>
      <select
        id={id}
        className="emoji-picker__tone"
        value={tone}
        onChange={(event) => onChange(Number(event.target.value) as SkinTone)}
      >
        {skinTones.map((each) => (
          <option key={each} value={each}>
            {`${sample[each]} ${t(toneNames[each])}`}
          </option>
        ))}
      </select>
    </>
  );
}
