import type { CSSProperties } from "react";

const gap = 4;
const margin = 8;

/**
 * Where the picker's panel goes, fixed to the window beside its button: the conversation scrolls
 * inside a clipping box, and a panel placed inside it was cut off at the last message. It opens
 * below the button when the window has room there, else above; its end edge lines up with the
 * button's (the reading direction decides which side that is), kept inside the window.
 */
export function placeEmojiPanel(button: HTMLElement, panelSize: { inline: number; block: number }): CSSProperties {
  const rect = button.getBoundingClientRect();
  const rtl = getComputedStyle(button).direction === "rtl";
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const inline = Math.min(panelSize.inline, width - 2 * margin);
  const fromEnd = rtl ? rect.left : width - rect.right;
  const insetInlineEnd = Math.max(margin, Math.min(fromEnd, width - inline - margin));
  const below = rect.bottom + gap + panelSize.block <= height - margin;
  const block = below ? { top: rect.bottom + gap } : { bottom: Math.max(margin, height - rect.top + gap) };
  return { position: "fixed", insetInlineEnd, ...block };
}
