import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../auth/auth-state";
import {
  PushPermissionDenied,
  subscribeThisBrowser,
  thisBrowserSubscribed,
  unsubscribeThisBrowser,
} from "./push-subscription";
import { pushSupported } from "./push-worker";

/** One person's push state for this browser, keyed by person: another account on it starts from scratch. */
const webPushKey = (userId: string) => ["web-push", userId] as const;

/** Why turning push on or off failed, as the catalog names it. */
export type WebPushProblem = "denied" | "failed";

export function webPushProblemOf(error: unknown): WebPushProblem {
  return error instanceof PushPermissionDenied ? "denied" : "failed";
}

/**
 * Whether this browser gets the signed-in person's notifications while Parley is closed, and the
 * way to change it (`set(true)` only from a click: it asks the browser's permission).
 */
export function useWebPush() {
  const session = useSession();
  const userId = session?.user.id ?? "";
  const supported = pushSupported();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: webPushKey(userId),
    queryFn: thisBrowserSubscribed,
    enabled: supported && userId !== "",
  });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? subscribeThisBrowser() : unsubscribeThisBrowser()),
    // The outcome stays shown (no flicker back while re-reading); a failure re-reads what is true.
    onSuccess: (_, on) => queryClient.setQueryData(webPushKey(userId), on),
    onError: () => queryClient.invalidateQueries({ queryKey: webPushKey(userId) }),
  });
  return { supported, state, change };
}
