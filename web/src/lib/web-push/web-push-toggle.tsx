import { useId } from "react";
import { Alert } from "../../components/ui/alert";
import { useTranslate } from "../i18n/use-translate";
import { useWebPush, webPushProblemOf } from "./use-web-push";
import "./web-push.css";

const PROBLEM_MESSAGES = { denied: "webPush.denied", failed: "webPush.failed" } as const;

/**
 * "Notify me even when Parley is closed": subscribes this browser to Web Push when the person
 * turns it on (the browser asks its permission then, never before), and unsubscribes it when they
 * turn it off.
 */
export function WebPushToggle() {
  const t = useTranslate();
  const hintId = useId();
  const { supported, state, change } = useWebPush();
  if (!supported) return <p className="web-push__hint">{t("webPush.unsupported")}</p>;
  const on = change.isPending ? change.variables : (state.data ?? false);
  return (
    <div className="web-push">
      <label className="web-push__choice">
        <input
          type="checkbox"
          checked={on}
          disabled={state.isPending || change.isPending}
          aria-describedby={hintId}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        {t("webPush.toggle")}
      </label>
      <p id={hintId} className="web-push__hint">
        {t("webPush.hint")}
      </p>
      {change.isError && <Alert tone="error">{t(PROBLEM_MESSAGES[webPushProblemOf(change.error)])}</Alert>}
    </div>
  );
}
