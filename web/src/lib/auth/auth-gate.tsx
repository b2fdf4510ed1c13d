import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner";
import { useTranslate } from "../i18n/use-translate";
import { useAuthSnapshot } from "./auth-state";
import { useAuthEventEffects } from "./use-auth-event-effects";
import "./auth-gate.css";

/**
 * Holds the page back until INITIAL_SESSION has said who is signed in, so nobody sees the
 * signed-out screen flash before their session appears, and installs the auth event effects.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const { status } = useAuthSnapshot();
  useAuthEventEffects();
  if (status === "loading") {
    return (
      <p className="auth-gate" role="status">
        <Spinner /> {t("auth.restoringSession")}
      </p>
    );
  }
  return children;
}
