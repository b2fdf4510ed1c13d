import { CircleAlert, CircleCheck, RefreshCw } from "lucide-react";
import { useRef } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useBackendHealth } from "../api/get-backend-health";
import "./backend-status.css";

/** Whether the backend answers, announced politely as it changes, with a retry when it does not. */
export function BackendStatus() {
  const t = useTranslate();
  const { url } = useBackendConfig();
  const health = useBackendHealth();
  const summary = useRef<HTMLParagraphElement>(null);

  const state = health.isSuccess ? "connected" : health.isError && !health.isFetching ? "unreachable" : "checking";

  async function retry() {
    const result = await health.refetch();
    // The retry button disappears on success: put focus where the news is instead of on <body>.
    if (result.isSuccess) summary.current?.focus();
  }

  return (
    <section className="backend-status" aria-labelledby="backend-status-heading" data-state={state}>
      <h2 id="backend-status-heading" className="backend-status__heading">
        {t("backend.heading")}
      </h2>
      <div role="status" aria-live="polite" className="backend-status__live">
        <p ref={summary} tabIndex={-1} className="backend-status__summary">
          {state === "checking" && <Spinner />}
          {state === "connected" && <CircleCheck size={20} aria-hidden="true" />}
          {state === "unreachable" && <CircleAlert size={20} aria-hidden="true" />}
          <span>
            {state === "checking" && t("backend.checking")}
            {state === "connected" && t("backend.connected")}
            {state === "unreachable" && t("backend.unreachable")}
          </span>
        </p>
        {state !== "checking" && (
          <p className="backend-status__detail">
            <FormattedMessage
              id={state === "connected" ? "backend.connectedDetail" : "backend.unreachableDetail"}
              // An address reads left to right even inside Arabic text.
              values={{ url: <bdi dir="ltr">{url}</bdi> }}
            />
          </p>
        )}
      </div>
      {health.isError && (
        <Button onClick={() => void retry()} pending={health.isFetching}>
          <RefreshCw size={18} aria-hidden="true" />
          {t("backend.retry")}
        </Button>
      )}
    </section>
  );
}
