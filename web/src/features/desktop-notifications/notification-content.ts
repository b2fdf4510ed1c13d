import { activityNotificationTag } from "../../lib/desktop-notifications/activity-notification-tag";
import type { MessageId } from "../../lib/i18n/messages";
import type { Announcement } from "./api/announcement";
import { notificationSnippet } from "./notification-snippet";

type Translate = (id: MessageId, values?: Record<string, string | number | Date>) => string;

/** The title of each kind of notification (written out, so every message id appears in the source). */
const TITLES = {
  mention: "desktopNotifications.notification.mention",
  thread_reply: "desktopNotifications.notification.thread_reply",
  direct_message: "desktopNotifications.notification.direct_message",
  reaction: "desktopNotifications.notification.reaction",
} as const satisfies Record<Announcement["item"]["kind"], MessageId>;

/** What a notification says, its tag, and the app path it opens (without the locale). */
export type NotificationContent = { title: string; body: string; tag: string; path: string };

/**
 * The notification for an announced item, in the person's language: who and where as the title, the
 * message as a plain-text snippet, the item's tag, and the message in its conversation (a reply
 * opens its thread beside its first message), as the activity inbox opens it.
 */
export function notificationContent(announcement: Announcement, t: Translate): NotificationContent {
  const { item, message, channel, workspaceSlug, names } = announcement;
  const nameOf = (id: string | null) => (id && names.get(id)) || t("channels.messages.unknownAuthor");
  const parent = message.thread_parent_id;
  const params = new URLSearchParams(parent ? { message: parent, thread: parent } : { message: item.message_id });
  return {
    title: t(TITLES[item.kind], { actor: nameOf(item.actor_id), channel: channel.name }),
    body: notificationSnippet(message.body, (id) => t("mentions.chip", { name: nameOf(id) })),
    tag: activityNotificationTag(item.id),
    path: `/w/${workspaceSlug}/c/${item.channel_id}?${params.toString()}`,
  };
}
