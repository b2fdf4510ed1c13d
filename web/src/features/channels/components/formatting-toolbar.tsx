import Bold from "lucide-react/icons/letter-b";
import Code from "lucide-react/icons/code";
import Italic from "lucide-react/icons/italic";
import Link from "lucide-react/icons/link";
import List from "lucide-react/icons/list";
import ListOrdered from "lucide-react/icons/list-ordered";
import SquareCode from "lucide-react/icons/square-code";
import Strikethrough from "lucide-react/icons/strikethrough";
import TextQuote from "lucide-react/icons/text-quote";
import type { RefObject } from "react";
import type { MessageId } from "../../../lib/i18n/messages";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { FormatCommand } from "./format-command";
import type * as textEditsModule from "./text-edits";

type TextEdits = typeof textEditsModule;
let textEdits: TextEdits | null = null;

/** Loads the edits (`text-edits.ts`) ahead of a first command: on the toolbar's focus or hover. */
function loadTextEdits(): Promise<TextEdits> {
  return import("./text-edits").then((module) => (textEdits = module));
}

function applyWith(
  { formatText }: TextEdits,
  input: HTMLTextAreaElement,
  command: FormatCommand,
  setValue: (value: string) => void,
) {
  const edit = formatText({ value: input.value, start: input.selectionStart, end: input.selectionEnd }, command);
  setValue(edit.value);
  requestAnimationFrame(() => {
    input.focus();
    input.setSelectionRange(edit.start, edit.end);
  });
}

/**
 * Applies a formatting command to a message box: new text through `setValue`, selection restored.
 * The edits load with the first command (or the toolbar's first focus or hover); the box's text and
 * selection are read once they are in, so nothing typed meanwhile is lost. Once in, a command
 * applies at once, as each key press must see the text the previous one left.
 */
export function applyFormat(input: HTMLTextAreaElement, command: FormatCommand, setValue: (value: string) => void) {
  if (textEdits) return applyWith(textEdits, input, command, setValue);
  void loadTextEdits().then((module) => applyWith(module, input, command, setValue));
}

const buttons: { command: FormatCommand; label: MessageId; Icon: typeof Bold }[] = [
  { command: "bold", label: "channels.format.bold", Icon: Bold },
  { command: "italic", label: "channels.format.italic", Icon: Italic },
  { command: "strike", label: "channels.format.strike", Icon: Strikethrough },
  { command: "code", label: "channels.format.code", Icon: Code },
  { command: "codeBlock", label: "channels.format.codeBlock", Icon: SquareCode },
  { command: "quote", label: "channels.format.quote", Icon: TextQuote },
  { command: "bullets", label: "channels.format.bulletList", Icon: List },
  { command: "numbers", label: "channels.format.numberedList", Icon: ListOrdered },
  { command: "link", label: "channels.format.link", Icon: Link },
];

/** The Markdown toolbar of a message box (the composer also takes Ctrl/⌘+B, +I and +Shift+C). */
export function FormattingToolbar({
  input,
  setValue,
}: {
  input: RefObject<HTMLTextAreaElement | null>;
  setValue: (value: string) => void;
}) {
  const t = useTranslate();
  return (
    <div
      className="formatting-toolbar"
      role="group"
      aria-label={t("channels.format.label")}
      onFocus={() => void loadTextEdits()}
      onPointerEnter={() => void loadTextEdits()}
    >
      {buttons.map(({ command, label, Icon }) => (
        <button
          key={command}
          type="button"
          className="icon-button"
          aria-label={t(label)}
          title={t(label)}
          onClick={() => input.current && applyFormat(input.current, command, setValue)}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
