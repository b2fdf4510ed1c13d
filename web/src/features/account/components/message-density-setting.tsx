import { useTranslate } from "../../../lib/i18n/use-translate";
import type { MessageDensity } from "../../../lib/message-density/message-density";
import { useMessageDensity } from "../../../lib/message-density/use-message-density";

const choices: { density: MessageDensity; label: "account.density.comfortable" | "account.density.compact" }[] = [
  { density: "comfortable", label: "account.density.comfortable" },
  { density: "compact", label: "account.density.compact" },
];

/**
 * Comfortable or compact conversations (the timeline's density), applied at once. Kept in this
 * browser per account: it is how this screen should look, like the theme, not something other
 * devices or people need.
 */
export function MessageDensitySetting({ userId }: { userId: string }) {
  const t = useTranslate();
  const { density, setDensity } = useMessageDensity(userId);
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
            onChange={() => setDensity(choice.density)}
          />{" "}
          {t(choice.label)}
        </label>
      ))}
      <p className="account-density__hint">{t("account.density.hint")}</p>
    </fieldset>
  );
}
