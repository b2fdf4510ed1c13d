import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";

/** One choice of the grid: what it inserts, what it shows, and its name (tooltip). */
export type GridChoice = { value: string; display: ReactNode; name: string };

const columns = 8;

/**
 * A grid of emoji buttons with one tab stop: the arrow keys move between them (left and right
 * follow the reading direction), Home and End go to the ends, Enter or a click picks.
 */
export function EmojiGrid({
  choices,
  label,
  choiceLabel,
  onPick,
}: {
  choices: readonly GridChoice[];
  label: string;
  choiceLabel: (choice: GridChoice) => string;
  onPick: (value: string) => void;
}) {
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const current = Math.min(active, choices.length - 1);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const steps: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    let next: number | undefined = steps[event.key] === undefined ? undefined : current + (steps[event.key] ?? 0);
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = choices.length - 1;
    if (next === undefined || next < 0 || next >= choices.length) return;
    event.preventDefault();
    setActive(next);
    grid.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  }

  return (
    <div ref={grid} role="group" aria-label={label} className="emoji-grid" onKeyDown={move}>
      {choices.map((choice, index) => (
        <button
          key={choice.value}
          type="button"
          className="emoji-picker__choice"
          tabIndex={index === current ? 0 : -1}
          aria-label={choiceLabel(choice)}
          title={choice.name}
          onFocus={() => setActive(index)}
          onClick={() => onPick(choice.value)}
        >
          {choice.display}
        </button>
      ))}
    </div>
  );
}
