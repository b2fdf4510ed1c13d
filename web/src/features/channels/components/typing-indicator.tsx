import { useTranslate } from "../../../lib/i18n/use-translate";

/** "Ada is typing…" — a polite live region, so screen readers hear it without losing their place. */
export function TypingIndicator({ names }: { names: string[] }) {
  const t = useTranslate();
  const [first = "", second = ""] = names;
  const text =
    names.length === 0
      ? ""
      : names.length <= 2
        ? t("channels.typing.names", { count: names.length, first, second })
        : t("channels.typing.many", { count: names.length });
  return (
    <p className="typing-indicator" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
