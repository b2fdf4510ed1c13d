import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { rankSwitcherItems } from "../switcher/rank-switcher-items";
import { itemKey, type SwitcherItem } from "../switcher/switcher-item";
import { SwitcherOption } from "./switcher-option";

type QuickSwitcherDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The search (a `SwitcherSearch`), mounted per opening: every search starts empty at the most recent place. */
  children: ReactNode;
};

/**
 * Ctrl/⌘-K: a search box that filters channels and people as you type, recent places first, in a modal dialog that
 * gives focus back where it was.
 */
export function QuickSwitcherDialog({ open, onOpenChange, children }: QuickSwitcherDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="keyboard-dialog__overlay" />
        <Dialog.Content className="keyboard-dialog keyboard-dialog--switcher">{children}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type SwitcherSearchProps = {
  items: SwitcherItem[];
  loading: boolean;
  recentKeys: string[];
  onChoose: (item: SwitcherItem) => void;
};

/**
 * The switcher's title, search box and results: an ARIA combobox (the input keeps focus, ↑/↓ move the active
 * option, Enter opens it; Esc is the dialog's) over a listbox. The number of matches is announced.
 */
export function SwitcherSearch({ items, loading, recentKeys, onChoose }: SwitcherSearchProps) {
  const t = useTranslate();
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const results = useMemo(() => rankSwitcherItems(items, query, recentKeys), [items, query, recentKeys]);
  const activeIndex = Math.min(active, results.length - 1);
  const optionId = (item: SwitcherItem) => `${id}-${itemKey(item)}`;
  const activeItem = results[activeIndex];

  useEffect(() => {
    if (activeItem) document.getElementById(optionId(activeItem))?.scrollIntoView({ block: "nearest" });
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || results.length === 0) return;
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === "Enter" && activeItem) {
      event.preventDefault();
      onChoose(activeItem);
    }
  }

  return (
    <>
      <Dialog.Title className="keyboard-dialog__title">{t("keyboard.switcher.title")}</Dialog.Title>
      <Dialog.Description className="keyboard-dialog__description">{t("keyboard.switcher.hint")}</Dialog.Description>
      <input
        className="switcher__input"
        type="text"
        role="combobox"
        aria-label={t("keyboard.switcher.label")}
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
        placeholder={t("keyboard.switcher.placeholder")}
        autoComplete="off"
        spellCheck={false}
        dir="auto"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p className="switcher__status" role="status">
        {loading ? t("keyboard.switcher.loading") : t("keyboard.switcher.results", { count: results.length })}
      </p>
      <ul id={`${id}-list`} role="listbox" aria-label={t("keyboard.switcher.resultsLabel")} className="switcher__list">
        {results.map((item, index) => (
          <SwitcherOption
            key={itemKey(item)}
            id={optionId(item)}
            item={item}
            active={index === activeIndex}
            onChoose={() => onChoose(item)}
            onPoint={() => setActive(index)}
          />
        ))}
      </ul>
    </>
  );
}
