import { Fragment } from "react";
import { FormattedList } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { KeyLabel } from "../shortcuts/shortcut-definitions";

const arrows = { up: "↑", down: "↓", left: "←", right: "→" } as const;

/** Whether this device names its modifiers ⌘ ⌥ ⇧ (Apple) rather than Ctrl, Alt, Shift. */
export function usesAppleKeys(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

function KeyName({ label, apple }: { label: KeyLabel; apple: boolean }) {
  const t = useTranslate();
  if (label.kind === "character") return <kbd>{label.value}</kbd>;
  switch (label.name) {
    case "mod":
      return <kbd>{apple ? "⌘" : t("keyboard.key.ctrl")}</kbd>;
    case "alt":
      return <kbd>{apple ? "⌥" : t("keyboard.key.alt")}</kbd>;
    case "shift":
      return <kbd>{apple ? "⇧" : t("keyboard.key.shift")}</kbd>;
    case "escape":
      return <kbd>{t("keyboard.key.escape")}</kbd>;
    default:
      return <kbd>{arrows[label.name]}</kbd>;
  }
}

/**
 * Key combinations as keycaps, joined with the locale's "or" (`Ctrl + K`, `? or Ctrl + /`). A combination reads left
 * to right in every language, as printed on the keys; only which arrow is meant changes with the direction.
 */
export function ShortcutKeys({ combinations }: { combinations: KeyLabel[][] }) {
  const apple = usesAppleKeys();
  const rendered = combinations.map((keys, index) => (
    <span key={index} className="shortcut-keys__combination" dir="ltr">
      {keys.map((label, position) => (
        <Fragment key={position}>
          {position > 0 && <span aria-hidden="true"> + </span>}
          <KeyName label={label} apple={apple} />
        </Fragment>
      ))}
    </span>
  ));
  return (
    <span className="shortcut-keys">
      <FormattedList type="disjunction" value={rendered} />
    </span>
  );
}
