import { LogIn, LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { authPaths } from "../../lib/auth/auth-paths";
import { useSession } from "../../lib/auth/auth-state";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useTranslate } from "../../lib/i18n/use-translate";
import { getSupabase } from "../../lib/supabase";

/** The header's account controls: sign in, or the account link and sign out. */
export function AccountMenu() {
  const t = useTranslate();
  const session = useSession();
  const [pending, setPending] = useState(false);

  if (!session) {
    return (
      <LocaleLink to={authPaths.signIn} className="app-header__link">
        <LogIn size={18} aria-hidden="true" />
        {t("header.signIn")}
      </LocaleLink>
    );
  }

  async function signOut() {
    setPending(true);
    // SIGNED_OUT clears the cache and leaves for sign-in; a failed request still ends it locally.
    await getSupabase().auth.signOut({ scope: "local" });
    setPending(false);
  }

  return (
    <>
      <LocaleLink to="/account" className="app-header__link">
        <UserRound size={18} aria-hidden="true" />
        {t("header.account")}
      </LocaleLink>
      <Button variant="quiet" pending={pending} onClick={() => void signOut()}>
        <LogOut size={18} aria-hidden="true" />
        {t("header.signOut")}
      </Button>
    </>
  );
}
