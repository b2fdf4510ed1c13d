import LogIn from "lucide-react/icons/log-in";
import { authPaths } from "../../lib/auth/auth-paths";
import { useSession } from "../../lib/auth/auth-state";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useTranslate } from "../../lib/i18n/use-translate";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./lazy-user-menu";

/**
 * The page header's controls. Signed out: sign in, language and theme, in plain sight. Signed in:
 * the user menu, which holds account, language, theme and sign-out.
 */
export function AccountMenu({ backendReady }: { backendReady: boolean }) {
  const t = useTranslate();
  const session = useSession();
  if (session && backendReady) return <UserMenu />;
  return (
    <>
      {backendReady && (
        <LocaleLink to={authPaths.signIn} className="app-header__link">
          <LogIn size={18} aria-hidden="true" />
          {t("header.signIn")}
        </LocaleLink>
      )}
      <LanguageSwitcher />
      <ThemeToggle />
    </>
  );
}
