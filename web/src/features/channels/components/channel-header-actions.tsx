import Settings from "lucide-react/icons/settings";
import { useParams } from "react-router";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";

/** The conversation header's entry points (the channel's settings: members, topic, archiving). */
export function ChannelHeaderActions({ channelId, channelName }: { channelId: string; channelName: string }) {
  const t = useTranslate();
  const { slug = "" } = useParams();
  const settings = t("shell.channelSettings", { channel: channelName });
  return (
    <div className="channel-view__actions">
      <LocaleLink
        to={`/w/${slug}/c/${channelId}/settings`}
        className="channel-view__action"
        aria-label={settings}
        title={settings}
      >
        <Settings size={20} aria-hidden="true" />
      </LocaleLink>
    </div>
  );
}
