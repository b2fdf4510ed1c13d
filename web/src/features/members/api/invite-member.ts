import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { invokeFunction } from "../../../lib/function-error";
import type { Locale } from "../../../lib/i18n/locales";
import { getSupabase } from "../../../lib/supabase";
import { membersQueryKeys } from "./members-keys";

const invitedSchema = z.object({
  invitation: z.object({ id: z.string(), email: z.string() }),
  email: z.enum(["invite", "sign_in_link"]),
});

/**
 * Invites (or re-invites: the function rotates the token and resends) an address through the
 * `invite-member` edge function. The email's link opens this app's accept screen in `locale`.
 */
export async function inviteMember(input: {
  workspaceId: string;
  email: string;
  role: "admin" | "member";
  locale: Locale;
}) {
  const redirectTo = new URL(`/${input.locale}/invite`, window.location.origin).toString();
  return invokeFunction(
    () =>
      getSupabase().functions.invoke("invite-member", {
        body: { workspace_id: input.workspaceId, email: input.email, role: input.role, redirect_to: redirectTo },
      }),
    invitedSchema,
  );
}

export function useInviteMember(workspaceId: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: "admin" | "member" }) => inviteMember({ workspaceId, locale, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKeys.invitations(workspaceId) }),
  });
}
