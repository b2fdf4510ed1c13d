import type { List, ListItem, Nodes, Parents } from "mdast";
import type { ReactNode } from "react";
import { CodeBlock } from "./code-block";
import { splitMentionTokens } from "../../../lib/mention-token";
import type { CustomEmoji } from "../../../lib/custom-emoji/workspace-emoji";
import type { ShortcodeTable } from "./emoji-shortcodes";
import { renderShortcodes } from "./render-shortcodes";
import { MentionChip, type MentionNames } from "./mention-chip";
import { safeHref } from "./safe-href";

/** Who is who for mention chips: names by id, and the reader's id (their mentions stand out). */
export type MentionReader = { names: MentionNames; me: string | null };

type Context = {
  shortcodes: ShortcodeTable | null;
  custom: ReadonlyMap<string, CustomEmoji>;
  tight: boolean;
  mentions: MentionReader;
};

/**
 * A parsed message as React elements. Every node becomes an element chosen here, and text is
 * always a text child — nothing is ever handed to the browser as HTML. A link whose target is not
 * http(s) or mailto renders as its text alone.
 */
export function renderMarkdown(
  node: Parents,
  shortcodes: ShortcodeTable | null,
  mentions: MentionReader = { names: new Map(), me: null },
  custom: ReadonlyMap<string, CustomEmoji> = new Map(),
): ReactNode {
  return renderChildren(node, { shortcodes, custom, tight: false, mentions });
}

/** Plain text with its `<@user-id>` mention tokens as chips bearing the person's current name. */
function renderText(value: string, key: number, context: Context): ReactNode {
  const pieces = splitMentionTokens(value);
  if (pieces.every((piece) => "text" in piece)) return renderShortcodes(value, context.shortcodes, context.custom);
  return (
    <span key={key}>
      {pieces.map((piece, index) =>
        "text" in piece ? (
          <span key={index}>{renderShortcodes(piece.text, context.shortcodes, context.custom)}</span>
        ) : (
          <MentionChip
            key={index}
            name={context.mentions.names.get(piece.userId)?.display_name ?? null}
            mine={piece.userId === context.mentions.me}
          />
        ),
      )}
    </span>
  );
}

function renderChildren(parent: Parents, context: Context): ReactNode[] {
  return parent.children.map((child, index) => renderNode(child, index, context));
}

function renderNode(node: Nodes, key: number, context: Context): ReactNode {
  switch (node.type) {
    case "text":
      return renderText(node.value, key, context);
    case "paragraph":
      // In a tight list the paragraph is only the item's text, as HTML renderers do.
      return context.tight ? (
        <span key={key}>{renderChildren(node, context)}</span>
      ) : (
        <p key={key}>{renderChildren(node, context)}</p>
      );
    case "strong":
      return <strong key={key}>{renderChildren(node, context)}</strong>;
    case "emphasis":
      return <em key={key}>{renderChildren(node, context)}</em>;
    case "delete":
      return <del key={key}>{renderChildren(node, context)}</del>;
    case "inlineCode":
      return <code key={key}>{node.value}</code>;
    case "code":
      return <CodeBlock key={key} code={node.value} language={node.lang ?? null} />;
    case "break":
      return <br key={key} />;
    case "blockquote":
      return <blockquote key={key}>{renderChildren(node, { ...context, tight: false })}</blockquote>;
    case "list":
      return renderList(node, key, context);
    case "link": {
      const href = safeHref(node.url);
      if (!href) return <span key={key}>{renderChildren(node, context)}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {renderChildren(node, context)}
        </a>
      );
    }
    default:
      // Constructs switched off in the parser never arrive; anything else shows its text.
      if ("children" in node) return <span key={key}>{renderChildren(node, context)}</span>;
      return "value" in node ? node.value : null;
  }
}

function renderList(list: List, key: number, context: Context): ReactNode {
  const items = list.children.map((item: ListItem, index) => (
    <li key={index}>{renderChildren(item, { ...context, tight: !(list.spread || item.spread) })}</li>
  ));
  return list.ordered ? (
    <ol key={key} start={list.start ?? undefined}>
      {items}
    </ol>
  ) : (
    <ul key={key}>{items}</ul>
  );
}
