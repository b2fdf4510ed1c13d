import type { ReactNode } from "react";

type ConversationGroupProps = {
  /** Unique id stem for the heading. */
  id: string;
  title: string;
  /** Shown instead of the list when the group has no conversation. */
  empty?: string;
  children?: ReactNode;
  /** Below the list: e.g. the archived channels' disclosure. */
  footer?: ReactNode;
};

/**
 * One labelled group of conversations in the sidebar ("Channels", "Direct messages"): a heading and
 * a list of conversation links (`<li>`s), so every kind of conversation slots in the same way.
 */
export function ConversationGroup({ id, title, empty, children, footer }: ConversationGroupProps) {
  const headingId = `${id}-title`;
  const hasItems = Array.isArray(children) ? children.length > 0 : Boolean(children);
  return (
    <section className="conversation-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="channel-sidebar__title">
        {title}
      </h2>
      {hasItems ? (
        <ul className="channel-sidebar__list">{children}</ul>
      ) : (
        empty && <p className="conversation-group__empty">{empty}</p>
      )}
      {footer}
    </section>
  );
}
