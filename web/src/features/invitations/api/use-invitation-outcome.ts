import { useQuery } from "@tanstack/react-query";
import { loadSupabase } from "../../../lib/supabase";
import { acceptInvite, type AcceptedInvitation } from "./accept-invite";
import { invitationKeys } from "./invitation-keys";
import { adoptSessionFromLink } from "./session-from-link";

export type InvitationOutcome = { kind: "signedOut" } | { kind: "accepted"; invitation: AcceptedInvitation };

/**
 * Takes a session the email link carried, then accepts the invitation if someone is signed in.
 * Errors are `FunctionCallError`s with the function's code (expired, used, email mismatch…).
 */
export function useInvitationOutcome(token: string, hash: string) {
  return useQuery({
    queryKey: invitationKeys.accept(token),
    queryFn: async (): Promise<InvitationOutcome> => {
      await adoptSessionFromLink(hash);
      const { data } = await (await loadSupabase()).auth.getSession();
      if (!data.session || data.session.user.is_anonymous) return { kind: "signedOut" };
      return { kind: "accepted", invitation: await acceptInvite(token) };
    },
    enabled: token !== "",
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
