import { useId, useState } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { characterKeysEnabled, setCharacterKeysEnabled } from "../shortcuts/character-key-preference";

/** The help sheet's switch for single-key shortcuts (`?`), for people whose assistive tech types such keys. */
export function CharacterKeyToggle() {
  const t = useTranslate();
  const id = useId();
  const [enabled, setEnabled] = useState(() => characterKeysEnabled(localStorage));
  return (
    <p className="character-key-toggle">
      <input
        id={id}
        type="checkbox"
        checked={enabled}
        onChange={(event) => {
          setCharacterKeysEnabled(localStorage, event.target.checked);
          setEnabled(event.target.checked);
        }}
      />
      <label htmlFor={id}>{t("keyboard.help.characterKeys")}</label>
    </p>
  );
}
