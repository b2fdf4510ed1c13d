import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { checkPassword, type PasswordPolicy, type PasswordRule } from "../../lib/auth/password-policy";
import type { MessageId } from "../../lib/i18n/messages";
import { useTranslate } from "../../lib/i18n/use-translate";
import "./password-strength-meter.css";

const ruleMessages: Record<PasswordRule, MessageId> = {
  length: "password.rule.length",
  lowercase: "password.rule.lowercase",
  uppercase: "password.rule.uppercase",
  letters: "password.rule.letters",
  digits: "password.rule.digits",
  symbols: "password.rule.symbols",
};

const strengthMessages: MessageId[] = [
  "password.strength.tooWeak",
  "password.strength.fair",
  "password.strength.good",
  "password.strength.strong",
  "password.strength.veryStrong",
];

/**
 * The backend's password rules as a checklist that ticks while the person types, and a meter of
 * how strong the password is beyond them. Pair it with the password field via `id`.
 */
export function PasswordStrengthMeter({
  id,
  password,
  policy,
}: {
  id: string;
  password: string;
  policy: PasswordPolicy;
}) {
  const t = useTranslate();
  const { checks, score } = checkPassword(password, policy);
  const label = t(strengthMessages[score] ?? "password.strength.tooWeak");
  return (
    <div id={id} className="password-strength" data-score={score}>
      <div className="password-strength__bar" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className="password-strength__step" data-filled={score >= step} />
        ))}
      </div>
      <p className="password-strength__label">{t("password.strength.label", { strength: label })}</p>
      <ul className="password-strength__rules">
        {checks.map(({ rule, met }) => (
          <li key={rule} data-met={met}>
            {met ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
            <span>
              {t(met ? "password.rule.met" : "password.rule.unmet", {
                rule: t(ruleMessages[rule], { count: policy.minLength }),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
