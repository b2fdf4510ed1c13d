import Bookmark from "lucide-react/icons/bookmark";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import "../../../components/ui/button.css";

/** The header's way to the Saved page (the caller's own saved messages of the workspace). */
export function SavedMessagesLink() {
  const t = useTranslate();
  const { slug } = useCurrentWorkspace();
  return (
    <LocaleLink to={`/w/${slug}/saved`} className="button button--quiet">
      <Bookmark size={16} aria-hidden="true" /> {t("channels.saved.button")}
    </LocaleLink>
  );
}
