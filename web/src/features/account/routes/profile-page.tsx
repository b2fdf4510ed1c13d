import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentUser } from "../api/get-current-user";
import { AvatarField } from "../components/avatar-field";
import { PersonalSettings } from "../components/personal-settings";
import { ProfileForm } from "../components/profile-form";

/** Shows the user once loaded, an error with its way forward, or progress. */
export function UserGate({
  children,
}: {
  children: (user: NonNullable<ReturnType<typeof useCurrentUser>["data"]>) => React.ReactNode;
}) {
  const t = useTranslate();
  const user = useCurrentUser();
  if (user.isError)
    return <AuthErrorAlert problem={describeAuthError(user.error)} onRetry={() => void user.refetch()} />;
  if (!user.data) {
    return (
      <p role="status">
        <Spinner /> {t("account.loading")}
      </p>
    );
  }
  return children(user.data);
}

/** `/:locale/account/profile` */
export function ProfilePage() {
  const t = useTranslate();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("account.profile.title") })}</title>
      <PageHeading>{t("account.profile.title")}</PageHeading>
      <section className="account-card">
        <UserGate>
          {(user) => (
            <>
              <AvatarField user={user} />
              <ProfileForm key={user.id} user={user} />
            </>
          )}
        </UserGate>
      </section>
      <UserGate>{(user) => <PersonalSettings userId={user.id} />}</UserGate>
    </>
  );
}
