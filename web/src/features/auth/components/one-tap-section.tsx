import type { ReactNode } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";

type OneTapSectionProps = {
  lead: string;
  /** While the sign-in the provider's credential started is under way. */
  busy?: boolean;
  children: ReactNode;
};

/** The one-tap block of the sign-in card, headed the same with real Google and with the emulator. */
export function OneTapSection({ lead, busy, children }: OneTapSectionProps) {
  const t = useTranslate();
  return (
    <section className="auth-form" aria-labelledby="one-tap-heading" aria-busy={busy}>
      <h2 id="one-tap-heading" className="auth-one-tap__title">
        {t("oneTap.title")}
      </h2>
      <p className="auth-card__lead">{lead}</p>
      {children}
    </section>
  );
}
