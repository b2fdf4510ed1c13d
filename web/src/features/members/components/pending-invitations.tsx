import { useState } from "react";
import { useIntl } from "react-intl";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { FunctionCallError } from "../../../lib/function-error";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useInviteMember } from "../api/invite-member";
import { useInvitations } from "../api/list-invitations";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { inviteErrorMessageId } from "./invite-error";
import { roleMessageId } from "./role-label";

type Outcome = { tone: "success" | "error"; text: string };

/** Open invitations with resend (the function rotates the token and mails again) and revoke. */
export function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const t = useTranslate();
  const intl = useIntl();
  const locale = useLocale();
  const invitations = useInvitations(workspaceId);
  const resend = useInviteMember(workspaceId, locale);
  const revoke = useRevokeInvitation(workspaceId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = resend.isPending || revoke.isPending;

  return (
    <section className="members-section" aria-labelledby="pending-title">
      <h2 id="pending-title">{t("invites.pending.title")}</h2>
      {outcome && (
        <Alert tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Alert>
      )}
      {invitations.isPending && <Spinner />}
      {invitations.isError && (
        <LoadError message="invites.pending.loadError" onRetry={() => void invitations.refetch()} />
      )}
      {invitations.data?.length === 0 && <p>{t("invites.pending.empty")}</p>}
      <ul className="member-list">
        {invitations.data?.map((invitation) => {
          const date = intl.formatDate(invitation.expires_at, { dateStyle: "medium", timeStyle: "short" });
          const role = t(roleMessageId(invitation.role));
          return (
            <li key={invitation.id} className="member-row">
              <div>
                <p className="member-row__name" dir="ltr">
                  {invitation.email}
                </p>
                <p className="member-row__detail">
                  {t(invitation.expired ? "invites.pending.expired" : "invites.pending.expires", { role, date })}
                </p>
              </div>
              <div className="member-row__actions">
                <Button
                  variant="quiet"
                  pending={busy}
                  aria-label={t("invites.pending.resendTo", { email: invitation.email })}
                  onClick={() =>
                    resend.mutate(
                      { email: invitation.email, role: invitation.role },
                      {
                        onSuccess: () =>
                          setOutcome({
                            tone: "success",
                            text: t("invites.pending.resent", { email: invitation.email }),
                          }),
                        onError: (error) =>
                          setOutcome({
                            tone: "error",
                            text: t(inviteErrorMessageId(error instanceof FunctionCallError ? error.code : undefined)),
                          }),
                      },
                    )
                  }
                >
                  {t("invites.pending.resend")}
                </Button>
                <Button
                  variant="danger"
                  pending={busy}
                  aria-label={t("invites.pending.revokeTo", { email: invitation.email })}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () =>
                        setOutcome({
                          tone: "success",
                          text: t("invites.pending.revoked", { email: invitation.email }),
                        }),
                      onError: () => setOutcome({ tone: "error", text: t("invites.pending.revokeFailed") }),
                    })
                  }
                >
                  {t("invites.pending.revoke")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
