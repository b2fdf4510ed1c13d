import { PresenceDot } from "../../../components/ui/presence-dot";
import { UserAvatar } from "../../../components/ui/user-avatar";
import { publicAvatarUrl } from "../../../lib/profile/avatar-url";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { SuggestionListbox } from "../components/suggestion-listbox";
import type { MentionOption } from "./mention-suggestions";

type MentionListboxProps = {
  id: string;
  options: MentionOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: MentionOption) => void;
};

/** The listbox of the @ autocomplete: people, then @channel / @here. */
export function MentionListbox(props: MentionListboxProps) {
  const t = useTranslate();
  return (
    <SuggestionListbox
      {...props}
      label={t("mentions.suggestions")}
      renderOption={(option) =>
        option.kind === "person" ? (
          <>
            <UserAvatar name={option.name} imageUrl={publicAvatarUrl(option.avatarPath)} />
            <span className="mention-suggestions__name">{option.name}</span>
            <PresenceDot online={option.online} label={t(option.online ? "presence.online" : "presence.offline")} />
            <span className="mention-suggestions__handle" dir="ltr">
              @{option.username}
            </span>
          </>
        ) : (
          <>
            <span dir="ltr">@{option.username}</span>
            <span className="mention-suggestions__handle">
              {t(option.id === "channel" ? "mentions.channel" : "mentions.here")}
            </span>
          </>
        )
      }
    />
  );
}
