import { lazy, Suspense } from "react";
import { useFirstScreenShown } from "../first-screen/first-screen";

const StatusMarkBody = lazy(async () => ({ default: (await import("./status-mark-body")).StatusMarkBody }));

/**
 * A person's status emoji beside their name (see `StatusMarkBody`). Its code and the statuses'
 * query load once the first screen has painted, so a conversation's first screen downloads
 * nothing more for it (the channel's JavaScript budget).
 * @example <span>{name}<StatusMark userId={id} /></span>
 */
export function StatusMark({ userId }: { userId: string | null | undefined }) {
  const shown = useFirstScreenShown();
  if (!userId || !shown) return null;
  return (
    <Suspense fallback={null}>
      <StatusMarkBody userId={userId} />
    </Suspense>
  );
}
