import { useEffect, type ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner";
import { useFirstScreenShown } from "../first-screen/first-screen";
import { useTranslate } from "../i18n/use-translate";
import { loadSupabase } from "../supabase";
import { useAuthSnapshot } from "./auth-state";
import { useAuthEventEffects } from "./use-auth-event-effects";
import "./auth-gate.css";

/**
 * Holds the page back until INITIAL_SESSION has said who is signed in, so nobody sees the
 * signed-out screen flash before their session appears, and installs the auth event effects.
 * Loads supabase-js once the first screen has painted (`markFirstScreenShown`; a page load that
 * begins signed out paints without it, and one that may hold a session started loading it at
 * boot): it restores and refreshes the session and follows sign-ins in other tabs.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const { status } = useAuthSnapshot();
  useAuthEventEffects();
  const firstScreenShown = useFirstScreenShown();
  useEffect(() => {
    if (firstScreenShown) void loadSupabase().catch(() => undefined);
  }, [firstScreenShown]);
  if (status === "loading") {
    return (
      <p className="auth-gate" role="status">
        <Spinner /> {t("auth.restoringSession")}
      </p>
    );
  }
  return children;
}
