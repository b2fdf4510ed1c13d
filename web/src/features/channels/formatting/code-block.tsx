import type { Root } from "hast";
import { useEffect, useState } from "react";
import { renderHighlighted } from "./render-highlighted";

type Highlighted = { code: string; language: string | null; tree: Root };

/**
 * A fenced code block. It shows as plain text at once; the highlighter (its own chunk) is loaded
 * on first use and the coloured version replaces the plain one. Code stays left-to-right in every
 * locale.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const [highlighted, setHighlighted] = useState<Highlighted | null>(null);

  useEffect(() => {
    let current = true;
    void import("./highlight-code").then(({ highlightCode }) => {
      if (current) setHighlighted({ code, language, tree: highlightCode(code, language) });
    });
    return () => {
      current = false;
    };
  }, [code, language]);

  const ready = highlighted?.code === code && highlighted.language === language;
  return (
    <pre className="message-code" dir="ltr" data-language={language ?? undefined}>
      <code className={ready ? "hljs" : undefined} data-highlighted={ready ? "" : undefined}>
        {ready ? renderHighlighted(highlighted.tree.children) : code}
      </code>
    </pre>
  );
}
