import { z } from "../../../lib/zod-mini";
import { invokeFunction } from "../../../lib/function-error";
import { getSupabase } from "../../../lib/supabase";

const acceptedSchema = z.object({
  workspace_id: z.string(),
  workspace_slug: z.nullable(z.string()),
  role: z.string(),
  already_accepted: z.boolean(),
});
export type AcceptedInvitation = z.infer<typeof acceptedSchema>;

/** Accepts an invitation with the token from its email link (`accept-invite`); idempotent for the invitee. */
export function acceptInvite(token: string): Promise<AcceptedInvitation> {
  return invokeFunction(() => getSupabase().functions.invoke("accept-invite", { body: { token } }), acceptedSchema);
}
