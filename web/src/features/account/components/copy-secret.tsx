import Copy from "lucide-react/icons/copy";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";

/**
 * The TOTP key for typing into an app by hand, with a copy button whose outcome is announced in
 * a polite live region that is always present (so screen readers hear it change).
 */
export function CopySecret({ secret }: { secret: string }) {
  const t = useTranslate();
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setOutcome("copied");
    } catch {
      setOutcome("failed");
    }
  }

  return (
    <div className="mfa-secret">
      <p>{t("mfa.enrol.secretLabel")}</p>
      <code className="mfa-secret__value" dir="ltr">
        {secret}
      </code>
      <div className="account-actions">
        <Button variant="quiet" onClick={() => void copy()}>
          <Copy size={16} aria-hidden="true" /> {t("mfa.enrol.copy")}
        </Button>
        <p role="status" className="mfa-secret__status">
          {outcome === "copied" && t("mfa.enrol.copied")}
          {outcome === "failed" && t("mfa.enrol.copyFailed")}
        </p>
      </div>
    </div>
  );
}
