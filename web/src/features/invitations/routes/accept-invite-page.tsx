import { useEffect } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { authPaths } from "../../../lib/auth/auth-paths";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useInvitationOutcome } from "../api/use-invitation-outcome";
import { InvitationProblem } from "../components/invitation-problem";
import "../invitations.css";

/**
 * `/:locale/invite?token=…` — where the invitation email's link lands. Signed in: accepts and opens
 * the workspace. Signed out: offers sign-in and sign-up, both coming back here (`?next=`).
 */
export function AcceptInvitePage() {
  const t = useTranslate();
  const navigate = useLocaleNavigate();
  const { search, hash } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const outcome = useInvitationOutcome(token, hash);
  const next = `?next=${encodeURIComponent(`/invite?token=${encodeURIComponent(token)}`)}`;

  const accepted = outcome.data?.kind === "accepted" ? outcome.data.invitation : undefined;
  useEffect(() => {
    if (accepted) navigate(accepted.workspace_slug ? `/w/${accepted.workspace_slug}` : "/w", { replace: true });
  }, [accepted, navigate]);

  return (
    <section className="accept-invite" aria-labelledby="accept-invite-title">
      <title>{t("app.documentTitle", { page: t("acceptInvite.title") })}</title>
      <div id="accept-invite-title">
        <PageHeading>{t("acceptInvite.title")}</PageHeading>
      </div>
      {token === "" ? (
        <Alert tone="error">
          <p>{t("acceptInvite.missingToken")}</p>
        </Alert>
      ) : outcome.isError ? (
        <InvitationProblem error={outcome.error} onRetry={() => void outcome.refetch()} />
      ) : outcome.data?.kind === "signedOut" ? (
        <div className="accept-invite__choices">
          <p>{t("acceptInvite.signInPrompt")}</p>
          <LocaleLink className="button button--primary" to={`${authPaths.signIn}${next}`}>
            {t("acceptInvite.signIn")}
          </LocaleLink>
          <LocaleLink to={`${authPaths.signUp}${next}`}>{t("acceptInvite.signUp")}</LocaleLink>
        </div>
      ) : (
        <div role="status" className="accept-invite__working">
          <Spinner />
          <p>{t("acceptInvite.working")}</p>
        </div>
      )}
    </section>
  );
}
