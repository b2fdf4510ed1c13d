import { useSearchParams } from "react-router";
import { keepFocusState } from "../../../lib/focus-on-navigation";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { markConversationRead } from "../api/mark-conversation-read";
import { focusComposer, threadTargetMessageId } from "../shortcuts/page-targets";
import type { ShortcutId } from "../shortcuts/shortcut-definitions";
import { useUnreadNavigation } from "./use-unread-navigation";

type ShortcutSetting = {
  workspaceId: string | null;
  slug: string;
  userId: string;
  /** The conversation on screen, if any, and its name for what is announced. */
  channelId: string | null;
  channelName: string | undefined;
  announce: (text: string) => void;
  openSwitcher: () => void;
  openHelp: () => void;
};

/** What each workspace shortcut does. Threads open and close through the URL (`?thread=<id>`), as links do. */
export function useShortcutActions(setting: ShortcutSetting): (id: ShortcutId) => void {
  const t = useTranslate();
  const [, setParams] = useSearchParams();
  const goToUnread = useUnreadNavigation(setting, setting.announce);
  const { channelId, channelName = "", announce } = setting;

  function setThread(messageId: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (messageId) next.set("thread", messageId);
        else next.delete("thread");
        return next;
      },
      { state: keepFocusState }, // the thread panel takes focus itself, and gives it back when it closes
    );
  }

  async function markRead(id: string) {
    try {
      await markConversationRead(id);
      announce(t("keyboard.announce.markedRead", { channel: channelName }));
    } catch {
      announce(t("keyboard.announce.markReadFailed", { channel: channelName }));
    }
  }

  return (id) => {
    switch (id) {
      case "quickSwitcher":
        return setting.openSwitcher();
      case "showHelp":
        return setting.openHelp();
      case "nextUnread":
        return void goToUnread(1);
      case "previousUnread":
        return void goToUnread(-1);
      case "markRead":
        return void (channelId && markRead(channelId));
      case "focusComposer":
        return void (focusComposer() || announce(t("keyboard.announce.noComposer")));
      case "openThread": {
        const messageId = threadTargetMessageId();
        return messageId ? setThread(messageId) : announce(t("keyboard.announce.noMessage"));
      }
      case "closeThread":
        return setThread(null);
    }
  };
}
