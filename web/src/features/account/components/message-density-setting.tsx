import { useState } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import {
  readMessageDensity,
  saveMessageDensity,
  type MessageDensity,
} from "../../../lib/message-density/message-density";

const choices: { density: MessageDensity; label: "account.density.comfortable" | "account.density.compact" }[] = [
  { density: "comfortable", label: "account.density.comfortable" },
  { density: "compact", label: "account.density.compact" },
];

/**
 * Comfortable or compact conversations (the timeline's density), for the next conversation opened.
 * Kept in this browser per account: it is how this screen should look, like the theme, not something other
 * devices or people need.
 */
export function MessageDensitySetting({ userId }: { userId: string }) {
  const t = useTranslate();
  const [density, setDensity] = useState(() => readMessageDensity(userId));
  return (
    <fieldset className="account-density">
      <legend className="visually-hidden">{t("account.density.title")}</legend>
      {choices.map((choice) => (
        <label key={choice.density} className="account-density__choice">
          <input
            type="radio"
            name="message-density"
            value={choice.density}
            checked={density === choice.density}
            onChange={() => {
              saveMessageDensity(userId, choice.density);
              setDensity(choice.density);
            }}
          />{" "}
          {t(choice.label)}
        </label>
      ))}
      <p className="account-density__hint">{t("account.density.hint")}</p>
    </fieldset>
  );
}
