import { useIntl } from "react-intl";

/**
 * A message's time as chats show it: the time of day only (the day heading above says which day),
 * the full date and time on hover (`title`) and, for screen readers, in place of the short form —
 * a `title` alone is not read by every screen reader.
 */
export function MessageTime({ iso }: { iso: string }) {
  const intl = useIntl();
  const date = new Date(iso);
  const full = intl.formatDate(date, { dateStyle: "full", timeStyle: "short" });
  return (
    <time className="message__time" dateTime={iso} title={full}>
      <span aria-hidden="true">{intl.formatDate(date, { timeStyle: "short" })}</span>
      <span className="visually-hidden">{full}</span>
    </time>
  );
}
