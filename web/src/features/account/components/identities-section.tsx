import type { UserIdentity } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { authRedirectUrl } from "../../../lib/auth/auth-redirect-url";
import { enabledOAuthProviders, useAuthSettings } from "../../../lib/auth/auth-settings";
import { providerName } from "../../../lib/auth/provider-names";
import { useAuthProblem } from "../../../lib/auth/use-auth-problem";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { linkIdentity, unlinkIdentity, useIdentities } from "../api/identities";

function useProviderLabel() {
  const t = useTranslate();
  return (provider: string) =>
    provider === "email"
      ? t("identities.email")
      : provider === "phone"
        ? t("identities.phone")
        : providerName(provider);
}

function identityDetail(identity: UserIdentity): string | undefined {
  const data = identity.identity_data ?? {};
  const value: unknown = data.email ?? data.phone ?? data.user_name;
  return typeof value === "string" ? value : undefined;
}

/** One linked identity, with unlink (disabled, and explained, when it is the only one). */
function IdentityRow({
  identity,
  isLast,
  onUnlinked,
  onError,
}: {
  identity: UserIdentity;
  isLast: boolean;
  onUnlinked: (provider: string) => void;
  onError: (error: unknown) => void;
}) {
  const t = useTranslate();
  const label = useProviderLabel()(identity.provider);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const detail = identityDetail(identity);
  const explanationId = `identity-last-${identity.identity_id}`;

  async function unlink() {
    setPending(true);
    try {
      await unlinkIdentity(identity);
      setOpen(false);
      onUnlinked(identity.provider);
    } catch (error) {
      setOpen(false);
      onError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="mfa-factor">
      <div>
        <p className="mfa-factor__name">{label}</p>
        {detail && (
          <p className="mfa-factor__meta">
            <bdi dir="ltr">{detail}</bdi>
          </p>
        )}
        {isLast && (
          <p id={explanationId} className="mfa-factor__meta">
            {t("identities.lastOne")}
          </p>
        )}
      </div>
      {isLast ? (
        <Button variant="quiet" disabled aria-describedby={explanationId}>
          {t("identities.unlinkFor", { provider: label })}
        </Button>
      ) : (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={<Button variant="quiet">{t("identities.unlinkFor", { provider: label })}</Button>}
          title={t("identities.confirmTitle", { provider: label })}
          description={t("identities.confirmDescription", { provider: label })}
          confirmLabel={t("identities.unlink")}
          cancelLabel={t("account.cancel")}
          pending={pending}
          onConfirm={() => void unlink()}
        />
      )}
    </li>
  );
}

/**
 * The account's linked sign-in methods: list, link another enabled provider (`linkIdentity`,
 * back through `/auth/callback` to this page), unlink any but the last.
 */
export function IdentitiesSection() {
  const t = useTranslate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const identities = useIdentities();
  const settings = useAuthSettings();
  const labelOf = useProviderLabel();
  const { problem, alertRef, report, clear } = useAuthProblem();
  const [unlinked, setUnlinked] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const list = identities.data ?? [];
  const linked = new Set(list.map((identity) => identity.provider));
  const linkable = enabledOAuthProviders(settings.data).filter((provider) => !linked.has(provider));

  async function link(provider: string) {
    setLinking(provider);
    clear();
    try {
      await linkIdentity(provider, authRedirectUrl(locale, "/account/security"));
    } catch (error) {
      report(error);
      setLinking(null);
    }
  }

  return (
    <div className="mfa">
      <p>{t("identities.lead")}</p>
      {identities.isPending && (
        <p role="status">
          <Spinner /> {t("identities.loading")}
        </p>
      )}
      {identities.isError && (
        <AuthErrorAlert problem={describeAuthError(identities.error)} onRetry={() => void identities.refetch()} />
      )}
      {problem && <AuthErrorAlert ref={alertRef} problem={problem} />}
      {unlinked && (
        <Alert tone="success">
          <p>{t("identities.unlinked", { provider: labelOf(unlinked) })}</p>
        </Alert>
      )}
      {list.length > 0 && (
        <ul className="mfa-factors" aria-label={t("identities.list")}>
          {list.map((identity) => (
            <IdentityRow
              key={identity.identity_id}
              identity={identity}
              isLast={list.length === 1}
              onError={report}
              onUnlinked={(provider) => {
                setUnlinked(provider);
                void queryClient.invalidateQueries({ queryKey: authQueryKeys.identities() });
              }}
            />
          ))}
        </ul>
      )}
      {identities.isSuccess && linkable.length > 0 && (
        <>
          <p>{t("identities.linkLead")}</p>
          <div className="account-actions">
            {linkable.map((provider) => (
              <Button key={provider} variant="quiet" pending={linking === provider} onClick={() => void link(provider)}>
                {t("identities.link", { provider: providerName(provider) })}
              </Button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
