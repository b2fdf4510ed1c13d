import type { ReactNode } from "react";

type SuggestionListboxProps<Option extends { id: string }> = {
  id: string;
  /** The listbox's accessible name. */
  label: string;
  options: readonly Option[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: Option) => void;
  renderOption: (option: Option) => ReactNode;
};

/**
 * The listbox of a message box's autocomplete (`@` people, `:` emoji): the message box is its
 * combobox, so focus and caret stay in the box, with a pointer choice too.
 */
export function SuggestionListbox<Option extends { id: string }>(props: SuggestionListboxProps<Option>) {
  const { id, label, options, activeIndex, optionId, onChoose, renderOption } = props;
  return (
    <ul id={id} role="listbox" className="mention-suggestions" aria-label={label}>
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
          {renderOption(option)}
        </li>
      ))}
    </ul>
  );
}
