import { useIntl } from "react-intl";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";

/** Under a restored draft: the files that were waiting with it, to be attached again. */
export function UnsentFilesNote({ names, onForget }: { names: string[]; onForget: () => void }) {
  const t = useTranslate();
  const intl = useIntl();
  if (names.length === 0) return null;
  return (
    <div className="composer__unsent" role="note">
      <p>{t("channels.drafts.unsentFiles", { files: intl.formatList(names, { type: "conjunction" }) })}</p>
      <Button variant="quiet" onClick={onForget}>
        {t("channels.drafts.forgetFiles")}
      </Button>
    </div>
  );
}
