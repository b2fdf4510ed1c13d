import { useQueryClient } from "@tanstack/react-query";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";
import { removeFactor } from "../api/enroll-factor";

/**
 * Cancelling a second-factor setup: the half-made factor (if one was started) is removed, best
 * effort, and the factor list refreshed before `onCancelled` runs.
 */
export function useCancelEnrolment(onCancelled: () => void) {
  const queryClient = useQueryClient();
  return async function cancel(startedFactorId: string | undefined) {
    if (startedFactorId) {
      await removeFactor(startedFactorId).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.factors() });
    }
    onCancelled();
  };
}
