import { PresenceDot } from "../../../components/ui/presence-dot";
import { UserAvatar } from "../../../components/ui/user-avatar";
import { publicAvatarUrl } from "../../../lib/profile/avatar-url";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { MentionOption } from "./mention-suggestions";

type MentionListboxProps = {
  id: string;
  options: MentionOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: MentionOption) => void;
};

/** The listbox of the @ autocomplete (the message box is its combobox; focus stays in the box). */
export function MentionListbox({ id, options, activeIndex, optionId, onChoose }: MentionListboxProps) {
  const t = useTranslate();
  return (
    <ul id={id} role="listbox" className="mention-suggestions" aria-label={t("mentions.suggestions")}>
      {options.map((option, index) => (
        <li
          key={option.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className="mention-suggestions__option"
          // Keep the focus (and caret) in the message box when choosing with the pointer.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
        >
          {option.kind === "person" ? (
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
          )}
        </li>
      ))}
    </ul>
  );
}
