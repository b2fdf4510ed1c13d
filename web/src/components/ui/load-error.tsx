import { useTranslate } from "../../lib/i18n/use-translate";
import type { MessageId } from "../../lib/i18n/messages";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A query that failed to load: the reason, announced at once, and a button that tries again.
 *
 * @example if (members.isError) return <LoadError message="members.loadError" onRetry={() => void members.refetch()} />;
 */
export function LoadError({ message, onRetry }: { message: MessageId; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Alert tone="error" actions={<Button onClick={onRetry}>{t("chat.retry")}</Button>}>
      <p>{t(message)}</p>
    </Alert>
  );
}
