import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCooldown } from "../../../lib/use-cooldown";

/** Seconds between resends, matching GoTrue's default per-user `max_frequency` (60 s). */
const resendCooldownSeconds = 60;

/**
 * "Send it again", then a visible countdown before it may be used again (longer if the server
 * says so). The outcome is announced politely.
 */
export function ResendButton({ send }: { send: () => Promise<void> }) {
  const t = useTranslate();
  const cooldown = useCooldown();
  const [pending, setPending] = useState(false);
  const [news, setNews] = useState<string | null>(null);

  async function resend() {
    setPending(true);
    setNews(null);
    try {
      await send();
      cooldown.start(resendCooldownSeconds);
      setNews(t("auth.resend.sent"));
    } catch (error) {
      const problem = describeAuthError(error);
      if (problem.retryAfterSeconds) cooldown.start(problem.retryAfterSeconds);
      setNews(t(problem.messageId, problem.values));
    } finally {
      setPending(false);
    }
  }

  const waiting = cooldown.remaining > 0;
  return (
    <div className="auth-form__row">
      <Button variant="quiet" pending={pending} disabled={waiting} onClick={() => void resend()}>
        {waiting ? t("auth.resend.wait", { seconds: cooldown.remaining }) : t("auth.resend.action")}
      </Button>
      <p role="status" className="auth-card__lead">
        {news}
      </p>
    </div>
  );
}
