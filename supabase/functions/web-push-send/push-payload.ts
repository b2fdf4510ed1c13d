// What a push message carries (the Service Worker shows it): JSON with the title, the body as plain
// text (plain-text.ts: no Markdown syntax; mentions are already names), the message's URL in the app
// and a tag. The tag `activity:<activity id>` is the one the app's in-tab notifications use, so one
// activity never shows twice.
import { localeOf, notificationText } from "./notification-text.ts";
import { markdownToPlainText } from "./plain-text.ts";

/** A row of web_push_delivery(activity_id). */
export interface Delivery {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  kind: "mention" | "direct_message" | "thread_reply";
  actor_name: string;
  channel_name: string | null;
  channel_kind: "channel" | "direct";
  workspace_slug: string;
  channel_id: string;
  message_id: string;
  body: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: string;
}

function titleOf(delivery: Delivery, locale: ReturnType<typeof localeOf>): string {
  const text = notificationText[locale];
  const channel = delivery.channel_name ?? "";
  if (delivery.kind === "direct_message") return text.directMessage(delivery.actor_name);
  if (delivery.kind === "thread_reply") return text.threadReply(delivery.actor_name, channel);
  return delivery.channel_kind === "direct"
    ? text.mentionInDirect(delivery.actor_name)
    : text.mention(delivery.actor_name, channel);
}

export function pushPayload(delivery: Delivery, activityId: string, appUrl: string): PushPayload {
  const locale = localeOf(delivery.locale);
  const url = new URL(`/${locale}/w/${encodeURIComponent(delivery.workspace_slug)}/c/${delivery.channel_id}`, appUrl);
  url.searchParams.set("message", delivery.message_id);
  return {
    title: titleOf(delivery, locale),
    body: markdownToPlainText(delivery.body),
    url: url.toString(),
    tag: `activity:${activityId}`,
    lang: locale,
  };
}
