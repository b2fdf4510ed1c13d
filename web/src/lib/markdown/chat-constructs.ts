/**
 * CommonMark constructs a chat message does not use, by micromark's construct names. Switched off
 * in the tokenizer (`parseMessage`), so their characters stay plain text: `# 1 priority` is not a
 * heading, a line of `---` is not a rule, four leading spaces do not make code (only fences do),
 * and HTML — `<script>`, `<b>` — is text, never markup. Images become the text `!` followed by a
 * link, so no remote picture loads by itself. The build leaves their code out of the bundle too
 * (`vite/chat-markdown-constructs.ts`); this list is the one both read.
 */
export const unusedMarkdownConstructs = [
  "codeIndented",
  "definition",
  "headingAtx",
  "htmlFlow",
  "htmlText",
  "labelStartImage",
  "setextUnderline",
  "thematicBreak",
] as const;
