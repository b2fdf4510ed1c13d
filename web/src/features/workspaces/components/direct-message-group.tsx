import { useTranslate } from "../../../lib/i18n/use-translate";
import { ConversationGroup } from "./conversation-group";

/** The "Direct messages" group of the sidebar; it lists nothing until direct messages exist. */
export function DirectMessageGroup() {
  const t = useTranslate();
  return (
    <ConversationGroup
      id="direct-messages"
      title={t("workspaces.shell.directMessages")}
      empty={t("workspaces.shell.noDirectMessages")}
    />
  );
}
