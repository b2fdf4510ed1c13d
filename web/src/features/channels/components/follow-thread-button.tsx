import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useThreadFollow } from "../api/thread-follow";

/** Follow or unfollow a thread: followers find its new replies in their activity inbox. */
export function FollowThreadButton({ parentId, replyCount }: { parentId: string; replyCount: number }) {
  const t = useTranslate();
  const { following, ready, change } = useThreadFollow(parentId, replyCount);
  if (!ready) return null;
  return (
    <Button type="button" aria-pressed={following} pending={change.isPending} onClick={() => change.mutate(!following)}>
      {t(following ? "activity.unfollow" : "activity.follow")}
    </Button>
  );
}
