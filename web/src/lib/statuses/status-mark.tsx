import { lazy, Suspense } from "react";

const StatusMarkBody = lazy(async () => ({ default: (await import("./status-mark-body")).StatusMarkBody }));

/**
 * A person's status emoji beside their name (see `StatusMarkBody`). Its code and the statuses'
 * query load after the names themselves, so a conversation's first screen downloads nothing more.
 * @example <span>{name}<StatusMark userId={id} /></span>
 */
export function StatusMark({ userId }: { userId: string | null | undefined }) {
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <StatusMarkBody userId={userId} />
    </Suspense>
  );
}
