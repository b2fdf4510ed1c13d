import ChevronDown from "lucide-react/icons/chevron-down";
import LogOut from "lucide-react/icons/log-out";
import UserRound from "lucide-react/icons/user-round";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/auth-state";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useDisclosure } from "../../lib/shell/use-disclosure";
import { useTranslate } from "../../lib/i18n/use-translate";
import { loadSupabase } from "../../lib/supabase";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";

/** The quick status and notification pause: loaded when the menu first opens, like their data. */
const QuickStatus = lazy(async () => ({
  default: (await import("../../features/quick-status/components/quick-status")).QuickStatus,
}));

/**
 * What sign-out needs to unsubscribe this browser from Web Push: loaded when the menu opens, not
 * with every signed-in page (the menu shows on all of them; signing out is rare).
 */
function loadPushSubscription() {
  return import("../../lib/web-push/push-subscription");
}

/**
 * The signed-in person's menu: a disclosure button (their name) opening a panel with the account
 * link, the quick status and notification pause (fetched while open), language, theme and sign-out. Esc closes it and returns focus to the button; so does a click
 * outside. It holds a form control (the language select), so it is a disclosure, not an ARIA menu.
 */
export function UserMenu() {
  const t = useTranslate();
  const session = useSession();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(root, toggle);
  const [pending, setPending] = useState(false);

  if (!session) return null;
  const user = session.user;
  const name = (user.user_metadata["display_name"] as string | undefined) || user.email || t("userMenu.guest");

  async function signOut() {
    setPending(true);
    // This browser stops getting the person's notifications (while the session can still say so).
    await loadPushSubscription()
      .then(({ unsubscribeThisBrowser }) => unsubscribeThisBrowser())
      .catch(() => undefined);
    // SIGNED_OUT clears the cache and leaves for sign-in; a failed request still ends it locally.
    await (await loadSupabase()).auth.signOut({ scope: "local" });
    setPending(false);
  }

  return (
    <div ref={root} className="user-menu" onKeyDown={menu.onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="user-menu__toggle"
        aria-expanded={menu.open}
        aria-controls={panelId}
        onClick={() => {
          menu.flip();
          void loadPushSubscription().catch(() => undefined); // so that sign-out starts at once
        }}
      >
        <UserRound size={18} aria-hidden="true" />
        {/* Named by its content (not aria-label), the purpose read out but not shown. */}
        <span className="user-menu__name">
          <FormattedMessage
            id="userMenu.open"
            values={{ name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }}
          />
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!menu.open}>
        <LocaleLink to="/account" className="user-menu__item">
          <UserRound size={18} aria-hidden="true" />
          {t("header.account")}
        </LocaleLink>
        {menu.open && (
          <Suspense fallback={null}>
            <QuickStatus userId={user.id} />
          </Suspense>
        )}
        <LanguageSwitcher />
        <ThemeToggle labelled />
        <Button variant="quiet" className="user-menu__item" pending={pending} onClick={() => void signOut()}>
          <LogOut size={18} aria-hidden="true" />
          {t("header.signOut")}
        </Button>
      </div>
    </div>
  );
}
