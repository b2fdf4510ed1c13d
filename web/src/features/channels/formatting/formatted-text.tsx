import type { ReactNode } from "react";
import { parseFormatting, type FormattedNode } from "./parse-formatting";

function render(nodes: FormattedNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return <code key={index}>{node.text}</code>;
      case "bold":
        return <strong key={index}>{render(node.children)}</strong>;
      case "italic":
        return <em key={index}>{render(node.children)}</em>;
      case "link":
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {render(node.children)}
          </a>
        );
    }
  });
}

/** A message body with its formatting, as React elements (text is never parsed as HTML). */
export function FormattedText({ text }: { text: string }) {
  return <>{render(parseFormatting(text))}</>;
}
