import type { ElementContent, RootContent } from "hast";
import type { ReactNode } from "react";

/**
 * The highlighter's tree as React elements: its elements are `<span class="hljs-…">` around text.
 * Only spans and their class names are taken over; any other property is ignored.
 */
export function renderHighlighted(nodes: (RootContent | ElementContent)[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === "text") return node.value;
    if (node.type !== "element") return null;
    const className = node.properties.className;
    return (
      <span key={index} className={Array.isArray(className) ? className.join(" ") : undefined}>
        {renderHighlighted(node.children)}
      </span>
    );
  });
}
