import Archive from "lucide-react/icons/archive";
import Hash from "lucide-react/icons/hash";
import Lock from "lucide-react/icons/lock";
import User from "lucide-react/icons/user";
import Users from "lucide-react/icons/users";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { SwitcherItem } from "../switcher/switcher-item";

type SwitcherOptionProps = {
  id: string;
  item: SwitcherItem;
  active: boolean;
  onChoose: () => void;
  onPoint: () => void;
};

/** One result in the switcher's listbox: icon, name, and what kind of place it is (read out too). */
export function SwitcherOption({ id, item, active, onChoose, onPoint }: SwitcherOptionProps) {
  const t = useTranslate();
  const Icon =
    item.kind === "person" ? User : item.kind === "dm" ? Users : item.archived ? Archive : item.isPrivate ? Lock : Hash;
  const kind =
    item.kind === "person"
      ? t("keyboard.switcher.kind.person", { username: item.username })
      : item.kind === "dm"
        ? t("keyboard.switcher.kind.dm")
        : item.archived
          ? t("keyboard.switcher.kind.archivedChannel")
          : item.isPrivate
            ? t("keyboard.switcher.kind.privateChannel")
            : t("keyboard.switcher.kind.channel");
  return (
    // The input keeps focus and owns the keys (aria-activedescendant); a click or tap chooses too.
    <li
      id={id}
      role="option"
      aria-selected={active}
      className="switcher-option"
      onClick={onChoose}
      onMouseMove={active ? undefined : onPoint}
    >
      <Icon size={16} aria-hidden="true" className="switcher-option__icon" />
      <span className="switcher-option__name" dir="auto">
        {item.name}
      </span>
      <span className="switcher-option__kind">{kind}</span>
    </li>
  );
}
