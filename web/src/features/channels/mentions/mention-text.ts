// What the @ autocomplete computes from the text (the query at the caret, the people it matches,
// the text once one is chosen), in one chunk of its own: see `mentionText` in
// `use-mention-autocomplete.ts`.
export { insertMention, mentionQueryAt } from "./mention-query";
export { mentionOptions } from "./mention-suggestions";
