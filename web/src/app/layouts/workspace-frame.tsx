import { lazy, useCallback } from "react";
import { KeyboardNavigation, type OpenPerson } from "../../features/keyboard-navigation/components/keyboard-navigation";
import { WorkspaceLayout } from "../../features/workspaces/routes/workspace-layout";
import { AfterFirstScreen } from "../../lib/first-screen/after-first-screen";
import { useLocaleNavigate } from "../../lib/i18n/use-locale-navigate";

const ActivityNotifier = lazy(async () => ({
  default: (await import("../../features/desktop-notifications/components/activity-notifier")).ActivityNotifier,
}));

/**
 * `/:locale/w/:slug` — the workspace shell with its keyboard layer (quick switcher, shortcuts) and the
 * browser notifications for new activity. Features do not import
 * each other, so the app composes them here and decides what choosing a person in the switcher does.
 * The notifier loads after the page's own content (see `AfterFirstScreen`). The keyboard layer does not wait: a
 * shortcut pressed as soon as the page shows must work.
 */
export function WorkspaceFrame() {
  const navigate = useLocaleNavigate();
  // A person opens (or starts) the DM with them, as their "Message" link on the member list does.
  const openPerson = useCallback<OpenPerson>(
    (person, workspace) => navigate(`/w/${workspace.slug}/dm/new?to=${encodeURIComponent(person.userId)}`),
    [navigate],
  );
  return (
    <>
      <WorkspaceLayout />
      <KeyboardNavigation onOpenPerson={openPerson} />
      <AfterFirstScreen>
        <ActivityNotifier />
      </AfterFirstScreen>
    </>
  );
}
