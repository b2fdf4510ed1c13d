import CloudOff from "lucide-react/icons/cloud-off";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../../components/ui/button";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useBackendHealth } from "../api/get-backend-health";
import "./connection-status.css";

/**
 * A quiet indicator of the backend's reachability: nothing while it answers; a small notice when it
 * does not, which keeps reconnecting by itself (and offers to try at once). When the backend is back
 * the notice goes, and the live region says so for people who cannot see it go.
 */
export function ConnectionStatus() {
  const t = useTranslate();
  const { url } = useBackendConfig();
  const health = useBackendHealth();
  const unreachable = health.isError;
  const [everDown, setEverDown] = useState(false);
  if (unreachable && !everDown) setEverDown(true);
  const reconnected = everDown && !unreachable;

  return (
    <div role="status" aria-live="polite" className="connection-status" data-state={unreachable ? "down" : "up"}>
      {unreachable ? (
        <div className="connection-status__notice">
          <CloudOff size={18} aria-hidden="true" />
          <p className="connection-status__text">
            <FormattedMessage
              id="backend.unreachableDetail"
              // An address reads left to right even inside Arabic text.
              values={{ url: <bdi dir="ltr">{url}</bdi> }}
            />
          </p>
          <Button variant="quiet" onClick={() => void health.refetch()} pending={health.isFetching}>
            <RefreshCw size={16} aria-hidden="true" />
            {t("backend.retry")}
          </Button>
        </div>
      ) : (
        reconnected && <span className="visually-hidden">{t("backend.reconnected")}</span>
      )}
    </div>
  );
}
