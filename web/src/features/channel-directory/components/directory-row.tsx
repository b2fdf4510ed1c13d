import Hash from "lucide-react/icons/hash";
import { Button } from "../../../components/ui/button";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { DirectoryChannel } from "../api/list-directory";

type DirectoryRowProps = {
  channel: DirectoryChannel;
  workspaceSlug: string;
  pending: boolean;
  onMembership: (join: boolean) => void;
};

/** One public channel: name (a link into it), topic, member count, and Join or Leave. */
export function DirectoryRow({ channel, workspaceSlug, pending, onMembership }: DirectoryRowProps) {
  const t = useTranslate();
  return (
    <li className="directory-row">
      <div className="directory-row__text">
        <LocaleLink to={`/w/${workspaceSlug}/c/${channel.id}`} className="directory-row__name">
          <Hash size={16} aria-hidden="true" />
          <span dir="auto">{channel.name}</span>
        </LocaleLink>
        {channel.topic && (
          <p className="directory-row__topic" dir="auto">
            {channel.topic}
          </p>
        )}
        <p className="directory-row__count">{t("channelDirectory.members", { count: channel.member_count })}</p>
      </div>
      {channel.is_member ? (
        <Button variant="quiet" pending={pending} onClick={() => onMembership(false)}>
          {t("channelDirectory.leave", { channel: channel.name })}
        </Button>
      ) : (
        <Button pending={pending} onClick={() => onMembership(true)}>
          {t("channelDirectory.join", { channel: channel.name })}
        </Button>
      )}
    </li>
  );
}
