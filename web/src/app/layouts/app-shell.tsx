import { MessagesSquare } from "lucide-react";
import type { MouseEvent } from "react";
import { Outlet, useNavigation } from "react-router";
import { backendConfigResult } from "../../lib/backend-config";
import { BackendConfigContext } from "../../lib/backend-config-context";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useTranslate } from "../../lib/i18n/use-translate";
import { ConfigurationErrorPage } from "../pages/configuration-error-page";
import { AccountMenu } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";
import "./app-shell.css";

const mainId = "main-content";

/** Skip link, header (home, language, theme) and the page — or the configuration screen. */
export function AppShell() {
  const t = useTranslate();
  const navigating = useNavigation().state !== "idle";

  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault(); // a hash change would count as a navigation
    document.getElementById(mainId)?.focus();
  }

  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${mainId}`} onClick={skipToMain}>
        {t("app.skipToContent")}
      </a>
      <header className="app-header">
        <LocaleLink to="/" className="app-header__brand" aria-label={t("app.homeLink")}>
          <MessagesSquare size={24} aria-hidden="true" />
          <span>{t("app.name")}</span>
        </LocaleLink>
        <div className="app-header__controls">
          {backendConfigResult.ok && <AccountMenu />}
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <div className="navigation-progress" data-active={navigating} aria-hidden="true" />
      <main id={mainId} tabIndex={-1} className="app-main" aria-busy={navigating || undefined}>
        {backendConfigResult.ok ? (
          <BackendConfigContext value={backendConfigResult.config}>
            <Outlet />
          </BackendConfigContext>
        ) : (
          <ConfigurationErrorPage problems={backendConfigResult.problems} />
        )}
      </main>
    </div>
  );
}
