import * as Dialog from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { MessageId } from "../../../lib/i18n/messages";
import {
  character,
  helpSheetOrder,
  named,
  shortcutCombinations,
  type Direction,
  type KeyLabel,
  type ShortcutId,
} from "../shortcuts/shortcut-definitions";
import { CharacterKeyToggle } from "./character-key-toggle";
import { ShortcutKeys } from "./shortcut-keys";

const actionNames: Record<ShortcutId, MessageId> = {
  quickSwitcher: "keyboard.action.quickSwitcher",
  showHelp: "keyboard.action.showHelp",
  nextUnread: "keyboard.action.nextUnread",
  previousUnread: "keyboard.action.previousUnread",
  markRead: "keyboard.action.markRead",
  focusComposer: "keyboard.action.focusComposer",
  openThread: "keyboard.action.openThread",
  closeThread: "keyboard.action.closeThread",
};

/** Keys that belong to one control rather than the whole workspace, listed so they can be found. */
const inPlaceShortcuts: [MessageId, KeyLabel[][]][] = [
  ["keyboard.action.editLast", [[named("up")]]],
  ["keyboard.action.chooseInSwitcher", [[named("up")], [named("down")]]],
  ["keyboard.action.bold", [[named("mod"), character("B")]]],
  ["keyboard.action.italic", [[named("mod"), character("I")]]],
];

type ShortcutHelpDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; direction: Direction };

/** The help sheet: every keyboard shortcut, as a table of action and keys, in an accessible (Radix) dialog. */
export function ShortcutHelpDialog({ open, onOpenChange, direction }: ShortcutHelpDialogProps) {
  const t = useTranslate();
  const rows: [MessageId, KeyLabel[][]][] = [
    ...helpSheetOrder.map((id): [MessageId, KeyLabel[][]] => [actionNames[id], shortcutCombinations(id, direction)]),
    ...inPlaceShortcuts,
  ];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="keyboard-dialog__overlay" />
        <Dialog.Content className="keyboard-dialog keyboard-dialog--help">
          <div className="keyboard-dialog__header">
            <Dialog.Title className="keyboard-dialog__title">{t("keyboard.help.title")}</Dialog.Title>
            <Dialog.Close className="keyboard-dialog__close" aria-label={t("keyboard.help.close")}>
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="keyboard-dialog__description">
            {t("keyboard.help.description")}
          </Dialog.Description>
          <table className="shortcut-table">
            <thead>
              <tr>
                <th scope="col">{t("keyboard.help.action")}</th>
                <th scope="col">{t("keyboard.help.keys")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([action, combinations]) => (
                <tr key={action}>
                  <th scope="row">{t(action)}</th>
                  <td>
                    <ShortcutKeys combinations={combinations} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <CharacterKeyToggle />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
