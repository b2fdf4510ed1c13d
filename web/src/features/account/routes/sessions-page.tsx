import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageHeading } from "../../../components/ui/page-heading";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useSession } from "../../../lib/auth/auth-state";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { signOut } from "../api/sign-out";

/** `/:locale/account/sessions` — this device's session, and ending the others or all of them. */
export function SessionsPage() {
  const t = useTranslate();
  const session = useSession();
  const { problem, alertRef, report } = useAuthProblem();
  const [pending, setPending] = useState<"others" | "global" | null>(null);
  const [othersDone, setOthersDone] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function end(scope: "others" | "global") {
    setPending(scope);
    setOthersDone(false);
    try {
      await signOut(scope);
      if (scope === "others") setOthersDone(true);
    } catch (error) {
      report(error);
    } finally {
      setPending(null);
      setConfirming(false);
    }
  }

  return (
    <>
      <title>{t("app.documentTitle", { page: t("account.sessions.title") })}</title>
      <PageHeading>{t("account.sessions.title")}</PageHeading>
      <section className="account-card" aria-labelledby="account-this-device">
        <h2 id="account-this-device">{t("account.sessions.thisDevice")}</h2>
        {session?.expires_at !== undefined && (
          <p>{t("account.sessions.expires", { time: new Date(session.expires_at * 1000) })}</p>
        )}
        <p>{t("account.sessions.autoRefresh")}</p>
      </section>
      <section className="account-card" aria-labelledby="account-other-devices">
        <h2 id="account-other-devices">{t("account.sessions.otherDevices")}</h2>
        {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
        {othersDone && (
          <Alert tone="success">
            <p>{t("account.sessions.othersSignedOut")}</p>
          </Alert>
        )}
        <div className="account-actions">
          <Button variant="quiet" pending={pending === "others"} onClick={() => void end("others")}>
            {t("account.sessions.signOutOthers")}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={<Button variant="danger">{t("account.sessions.signOutEverywhere")}</Button>}
            title={t("account.sessions.confirmTitle")}
            description={t("account.sessions.confirmDescription")}
            confirmLabel={t("account.sessions.signOutEverywhere")}
            cancelLabel={t("account.cancel")}
            pending={pending === "global"}
            onConfirm={() => void end("global")}
          />
        </div>
      </section>
    </>
  );
}
