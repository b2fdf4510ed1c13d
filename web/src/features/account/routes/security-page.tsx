import { PageHeading } from "../../../components/ui/page-heading";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { DeleteAccountDialog } from "../components/delete-account-dialog";
import { EmailForm } from "../components/email-form";
import { IdentitiesSection } from "../components/identities-section";
import { MfaSection } from "../components/mfa-section";
import { PasskeysSection } from "../components/passkeys-section";
import { PasswordForm } from "../components/password-form";
import { UserGate } from "./profile-page";

/**
 * `/:locale/account/security` — email, password, sign-in methods, two-step verification, and deleting the account (the
 * danger zone).
 */
export function SecurityPage() {
  const t = useTranslate();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("account.security.title") })}</title>
      <PageHeading>{t("account.security.title")}</PageHeading>
      <section className="account-card" aria-labelledby="account-email-heading">
        <h2 id="account-email-heading">{t("account.email.title")}</h2>
        <UserGate>{(user) => <EmailForm user={user} />}</UserGate>
      </section>
      <section className="account-card" aria-labelledby="account-password-heading">
        <h2 id="account-password-heading">{t("account.password.title")}</h2>
        <PasswordForm />
      </section>
      <section className="account-card" aria-labelledby="account-identities-heading">
        <h2 id="account-identities-heading">{t("identities.title")}</h2>
        <IdentitiesSection />
      </section>
      <PasskeysSection />
      <section className="account-card" aria-labelledby="account-mfa-heading">
        <h2 id="account-mfa-heading">{t("mfa.title")}</h2>
        <MfaSection />
      </section>
      <section className="account-card account-danger" aria-labelledby="account-danger-heading">
        <h2 id="account-danger-heading">{t("account.delete.title")}</h2>
        <p>{t("account.delete.lead")}</p>
        <div className="account-actions">
          <DeleteAccountDialog />
        </div>
      </section>
    </>
  );
}
