import { useQueryClient } from "@tanstack/react-query";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { keyboardNavigationKeys } from "../api/keyboard-navigation-keys";
import { listSwitcherChannels } from "../api/list-switcher-channels";
import { listUnreadChannelIds } from "../api/list-unread-channel-ids";
import { nextUnread } from "../switcher/next-unread";

type Where = { workspaceId: string | null; slug: string; userId: string; channelId: string | null };

/**
 * Alt-Shift-↓/↑: opens the next or previous conversation with unread messages, in sidebar order, asking the database
 * which are unread at the moment of the key press; says so when none is.
 */
export function useUnreadNavigation(where: Where, announce: (text: string) => void) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const navigate = useLocaleNavigate();
  const { workspaceId, slug, userId, channelId } = where;

  return async function goToUnread(step: 1 | -1) {
    if (!workspaceId) return;
    try {
      const [channels, unread] = await Promise.all([
        queryClient.fetchQuery({
          queryKey: keyboardNavigationKeys.channels(workspaceId),
          queryFn: () => listSwitcherChannels(workspaceId, userId),
        }),
        listUnreadChannelIds(workspaceId),
      ]);
      const target = nextUnread(
        channels.map((channel) => channel.id),
        unread,
        channelId,
        step,
      );
      if (target) navigate(`/w/${slug}/c/${target}`);
      else announce(t("keyboard.announce.noUnread"));
    } catch {
      announce(t("keyboard.announce.unreadFailed"));
    }
  };
}
