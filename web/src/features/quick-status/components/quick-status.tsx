import { PauseNotificationsSection } from "./pause-notifications-section";
import { QuickStatusSection } from "./quick-status-section";
import "./quick-status.css";

/** The user menu's quick status presets and notification pause (mounted while the menu is open). */
export function QuickStatus({ userId }: { userId: string }) {
  return (
    <>
      <QuickStatusSection userId={userId} />
      <PauseNotificationsSection userId={userId} />
    </>
  );
}
