import { Bold, Code, Italic, Link } from "lucide-react";
import type { RefObject } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";

export type Wrap = { before: string; after: string };

export const wraps = {
  bold: { before: "**", after: "**" },
  italic: { before: "_", after: "_" },
  code: { before: "`", after: "`" },
  link: { before: "[", after: "](https://)" },
} satisfies Record<string, Wrap>;

/** Wraps the selection (or inserts an empty pair at the caret) and keeps the caret inside it. */
export function applyWrap(input: HTMLTextAreaElement, wrap: Wrap, setValue: (value: string) => void) {
  const { selectionStart: start, selectionEnd: end, value } = input;
  const next = value.slice(0, start) + wrap.before + value.slice(start, end) + wrap.after + value.slice(end);
  setValue(next);
  requestAnimationFrame(() => {
    input.focus();
    input.setSelectionRange(start + wrap.before.length, end + wrap.before.length);
  });
}

/** Bold, italic, code and link buttons for a message box (also Ctrl/⌘+B and Ctrl/⌘+I). */
export function FormattingToolbar({
  input,
  setValue,
}: {
  input: RefObject<HTMLTextAreaElement | null>;
  setValue: (value: string) => void;
}) {
  const t = useTranslate();
  const buttons = [
    { wrap: wraps.bold, label: t("channels.format.bold"), Icon: Bold },
    { wrap: wraps.italic, label: t("channels.format.italic"), Icon: Italic },
    { wrap: wraps.code, label: t("channels.format.code"), Icon: Code },
    { wrap: wraps.link, label: t("channels.format.link"), Icon: Link },
  ];
  return (
    <div className="formatting-toolbar" role="group" aria-label={t("channels.format.label")}>
      {buttons.map(({ wrap, label, Icon }) => (
        <button
          key={label}
          type="button"
          className="icon-button"
          aria-label={label}
          title={label}
          onClick={() => input.current && applyWrap(input.current, wrap, setValue)}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
