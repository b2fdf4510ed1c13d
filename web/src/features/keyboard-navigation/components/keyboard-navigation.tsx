import { lazy, Suspense, useEffect, useState } from "react";
import { useMatch, useParams } from "react-router";
import { useSession } from "../../../lib/auth/auth-state";
import { useLocale } from "../../../lib/i18n/locale-context";
import { directionOf } from "../../../lib/i18n/locales";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useWorkspaceId } from "../api/get-workspace-id";
import { useSwitcherChannels } from "../api/list-switcher-channels";
import { useGlobalShortcuts } from "../shortcuts/use-global-shortcuts";
import { readRecentKeys, rememberRecentKey } from "../switcher/recent-conversations";
import { itemKey, type SwitcherItem } from "../switcher/switcher-item";
import { ShortcutAnnouncement, useAnnouncement } from "./shortcut-announcement";
import { useShortcutActions } from "./use-shortcut-actions";
import { useSwitcherItems } from "./use-switcher-items";
import "../keyboard-navigation.css";

// The dialogs (and Radix) load when one is first opened, not with every workspace page.
const QuickSwitcherDialog = lazy(async () => ({
  default: (await import("./quick-switcher-dialog")).QuickSwitcherDialog,
}));
const SwitcherSearch = lazy(async () => ({ default: (await import("./quick-switcher-dialog")).SwitcherSearch }));
const ShortcutHelpDialog = lazy(async () => ({ default: (await import("./shortcut-help-dialog")).ShortcutHelpDialog }));

/** A person chosen in the quick switcher, and the workspace they were found in. */
export type OpenPerson = (person: { userId: string; name: string }, workspace: { id: string; slug: string }) => void;

type KeyboardNavigationProps = {
  /**
   * What choosing a person does. This is the hook point for direct messages: the app passes "open (or start) the DM
   * with them" here once DMs exist; until then it opens the workspace's member list.
   */
  onOpenPerson: OpenPerson;
};

/**
 * The keyboard layer of a workspace (`/:locale/w/:slug/…`): the quick switcher (Ctrl/⌘-K), the shortcuts help sheet
 * (`?`, Ctrl-/) and the workspace shortcuts. Renders only its dialogs and an announcement line.
 */
export function KeyboardNavigation({ onOpenPerson }: KeyboardNavigationProps) {
  const { slug = "" } = useParams();
  const channelId = useMatch("/:locale/w/:slug/c/:channelId")?.params.channelId ?? null;
  const userId = useSession()?.user.id ?? "";
  const direction = directionOf(useLocale());
  const navigate = useLocaleNavigate();
  const workspaceId = useWorkspaceId(slug).data ?? null;
  const channels = useSwitcherChannels(workspaceId ?? "", userId);
  const [recentKeys, setRecentKeys] = useState<string[]>([]);
  const [dialog, setDialog] = useState<"switcher" | "help" | null>(null);
  const [announcement, announce] = useAnnouncement();

  // Every conversation opened counts as recent, however it was reached (sidebar, link, switcher).
  useEffect(() => {
    if (userId && channelId) rememberRecentKey(localStorage, userId, `channel:${channelId}`);
  }, [userId, channelId]);

  const runShortcut = useShortcutActions({
    workspaceId,
    slug,
    userId,
    channelId,
    channelName: channels.data?.find((channel) => channel.id === channelId)?.name,
    announce,
    openSwitcher: () => {
      setRecentKeys(readRecentKeys(localStorage, userId)); // read at opening: other tabs add to it too
      setDialog("switcher");
    },
    openHelp: () => setDialog("help"),
  });
  useGlobalShortcuts(direction, runShortcut);

  function choose(item: SwitcherItem) {
    setDialog(null);
    rememberRecentKey(localStorage, userId, itemKey(item));
    if (item.kind !== "person") navigate(`/w/${slug}/c/${item.id}`);
    else if (workspaceId) onOpenPerson({ userId: item.id, name: item.name }, { id: workspaceId, slug });
  }

  const onOpenChange = (open: boolean) => setDialog((current) => (open ? current : null));
  return (
    <>
      <Suspense fallback={null}>
        {dialog === "switcher" && workspaceId !== null && (
          <QuickSwitcherDialog open onOpenChange={onOpenChange}>
            <LoadedSwitcherSearch workspaceId={workspaceId} userId={userId} recentKeys={recentKeys} onChoose={choose} />
          </QuickSwitcherDialog>
        )}
        {dialog === "help" && <ShortcutHelpDialog open onOpenChange={onOpenChange} direction={direction} />}
      </Suspense>
      <ShortcutAnnouncement text={announcement} />
    </>
  );
}

type LoadedSwitcherSearchProps = {
  workspaceId: string;
  userId: string;
  recentKeys: string[];
  onChoose: (item: SwitcherItem) => void;
};

/** The switcher's search over the workspace's places, loaded while the switcher is open (and cached after). */
function LoadedSwitcherSearch({ workspaceId, userId, ...rest }: LoadedSwitcherSearchProps) {
  const { items, loading } = useSwitcherItems(workspaceId, userId);
  return <SwitcherSearch items={items} loading={loading} {...rest} />;
}
