import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { readNotificationPermission } from "../../lib/desktop-notifications/notification-permission";
import { useTranslate } from "../../lib/i18n/use-translate";
import { joinFreshChannel } from "../../lib/realtime/join-fresh-channel";
import { announcedItem, loadAnnouncement } from "./api/announcement";
import { markAnnouncedRead } from "./api/mark-announced-read";

/** Kinds of items a notification is ever shown for (the database decides each one). */
const ANNOUNCED_KINDS = new Set(["mention", "direct_message", "thread_reply"]);

/**
 * Shows a browser notification for each new item of the person's activity inbox while this tab is
 * hidden and notifications are allowed — never asking for the permission itself. Clicking one
 * brings the tab forward, `open`s the message's path and marks the item read, as the inbox does.
 *
 * @example useActivityNotifications(userId, (path) => navigate(path));
 */
export function useActivityNotifications(userId: string, open: (path: string) => void) {
  const queryClient = useQueryClient();
  const t = useTranslate();
  // The latest translator and navigation, read when an item arrives (the subscription outlives renders).
  const latest = useRef({ t, open });
  useEffect(() => {
    latest.current = { t, open };
  }, [t, open]);

  useEffect(() => {
    if (!userId) return;
    const announce = async (row: unknown) => {
      const parsed = announcedItem.safeParse(row);
      if (!parsed.success || !ANNOUNCED_KINDS.has(parsed.data.kind)) return;
      if (document.visibilityState !== "hidden" || readNotificationPermission() !== "granted") return;
      const announcement = await loadAnnouncement(queryClient, parsed.data);
      if (!announcement) return;
      const { notificationContent } = await import("./notification-content");
      const content = notificationContent(announcement, latest.current.t);
      const notification = new Notification(content.title, {
        body: content.body,
        tag: content.tag,
        lang: document.documentElement.lang,
      });
      notification.onclick = () => {
        window.focus();
        latest.current.open(content.path);
        notification.close();
        void markAnnouncedRead(parsed.data.id).catch(() => undefined);
      };
    };
    return joinFreshChannel(`activity-notifications:${userId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "activity", filter: `user_id=eq.${userId}` },
          (payload) => void announce(payload.new).catch(() => undefined),
        )
        .subscribe(),
    );
  }, [queryClient, userId]);
}
