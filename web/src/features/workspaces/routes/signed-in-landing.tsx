import { useEffect } from "react";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useLastConversation } from "../api/last-conversation";
import { useWorkspaces } from "../api/list-workspaces";
import { Onboarding } from "../components/onboarding";

/**
 * `/:locale` for someone signed in (and so where sign-in lands): the conversation they had open
 * last, on any device; else their first workspace; else, with no workspace yet, the onboarding.
 */
export function SignedInLanding() {
  const navigate = useLocaleNavigate();
  const last = useLastConversation();
  const workspaces = useWorkspaces();
  // A note that cannot be read (an error, a channel since left) is no reason to stop here.
  const place = last.isSuccess ? last.data : null;
  const settled = last.isSuccess || last.isError;
  const first = workspaces.data?.[0];

  const target = !settled
    ? null
    : place
      ? `/w/${place.workspaceSlug}/c/${place.channelId}`
      : first
        ? `/w/${first.slug}`
        : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (workspaces.isError && settled && !place)
    return <LoadError message="workspaces.list.loadError" onRetry={() => void workspaces.refetch()} />;
  if (!settled || workspaces.isPending || target) return <Spinner />;
  return <Onboarding />;
}
