import ArrowLeft from "lucide-react/icons/arrow-left";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";

/**
 * On a phone the conversation list and a conversation are two screens: this bar leads from any
 * screen of the workspace back to the list (the browser's Back does too). Hidden on wider windows.
 */
export function BackToConversations({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useTranslate();
  return (
    <div className="back-to-conversations">
      <LocaleLink to={`/w/${workspaceSlug}`} className="back-to-conversations__link">
        <ArrowLeft size={20} aria-hidden="true" className="back-to-conversations__icon" />
        {t("workspaces.shell.backToConversations")}
      </LocaleLink>
    </div>
  );
}
