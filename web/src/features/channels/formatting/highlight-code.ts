import type { Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

/**
 * The syntax highlighter: highlight.js grammars run by lowlight, which returns a tree (hast)
 * instead of an HTML string, so the result is rendered as React elements and never as markup.
 * Imported only with `import()` by the code block, so it is its own chunk, loaded the first time
 * a message with a code block is shown.
 */
const lowlight = createLowlight({
  bash,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
});

/** Highlights with the fence's language if known (aliases like `ts`, `sh`, `html` count), else guesses. */
export function highlightCode(code: string, language: string | null): Root {
  if (language && lowlight.registered(language)) return lowlight.highlight(language, code);
  return lowlight.highlightAuto(code);
}
