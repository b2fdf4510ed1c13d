/**
 * Two-step sign-in guards the data, not only the account: a person with a verified second factor
 * reaches Parley's data only with an aal2 session (migration *_require_aal2_for_mfa_users.sql).
 *
 * Columns:
 *   mfa-aal1    the member, who has a verified TOTP factor, signed in with the password only (aal1) —
 *               as after a magic link, OAuth, an email code or a session from before enrolment
 *   mfa-aal2    the same member after challenge + verify (aal2)
 *   teammate    the workspace owner, who has no factor, acting on rows that involve the member
 *
 * The mfa-aal2 and teammate columns are what the base policy matrix (rest-matrix.ts) says for the
 * member and the owner: the aal2 rule takes nothing from them. ✓ = the change happens (or the row
 * is visible, the call answers with data); ✗ = refused, invisible or without effect.
 */
export const MFA_TABLE_MATRIX = `
#  table               action         mfa-aal1 mfa-aal2 teammate
   profiles            select         ✗ ✓ ✓
   profiles            update         ✗ ✓ ✗
   workspaces          select         ✗ ✓ ✓
   workspaces          insert         ✗ ✓ ✓
   workspace_members   select         ✗ ✓ ✓
   channels            select         ✗ ✓ ✓
   channels            insert         ✗ ✓ ✓
   channel_members     select         ✗ ✓ ✓
   channel_members     insert         ✗ ✓ ✓
   messages            select         ✗ ✓ ✓
   messages            insert         ✗ ✓ ✓
   messages            update         ✗ ✓ ✗
   messages            soft-delete    ✗ ✓ ✓
   reactions           select         ✗ ✓ ✓
   reactions           insert         ✗ ✓ ✓
   reactions           delete         ✗ ✓ ✗
   attachments         select         ✗ ✓ ✓
   attachments         insert         ✗ ✓ ✓
   attachments         delete         ✗ ✓ ✓
   read_markers        select         ✗ ✓ ✗
   read_markers        insert         ✗ ✓ ✓
   read_markers        update         ✗ ✓ ✗
   read_markers        delete         ✗ ✓ ✗
`;

/**
 * Rows of the member's own that the per-table operations do not reach (the member is neither the
 * invitee nor leaving there). ✓ = the invitation is visible / the membership is gone.
 */
export const MFA_OWN_ROWS_MATRIX = `
#  attempt                                   mfa-aal1 mfa-aal2 teammate
   see an invitation addressed to me         ✗ ✓ ✓
   leave a workspace I am a member of        ✗ ✓ ✓
`;

/**
 * The RPCs the app calls. Those that may write (volatile) or run as their owner (security definer)
 * check the caller's level themselves (migration *_rpcs_that_write_need_aal2.sql); the stable
 * security invoker ones only read as the caller, so the table policies above decide for them.
 * ✓ as in rest-matrix.ts (the private channel in sight, a workspace created and owned, the DM of
 * the member and the owner opened).
 */
export const MFA_RPC_MATRIX = `
#  function                    mfa-aal1 mfa-aal2 teammate
   create_workspace            ✗ ✓ ✓
   search_messages             ✗ ✓ ✓
   mark_channel_read           ✗ ✓ ✓
   channel_unread_counts       ✗ ✓ ✓
   open_direct_conversation    ✗ ✓ ✓
`;

/**
 * Storage: files "of the member" are uploaded by the member at aal2 first. Avatars are a public
 * bucket: reading one by its public URL skips RLS (as upstream), so an avatar stays visible. An avatar
 * folder is listed only by its own user (folder names are user ids), so the teammate lists nothing.
 */
export const MFA_STORAGE_MATRIX = `
#  bucket        action      target                                   mfa-aal1 mfa-aal2 teammate
   attachments   upload      into the public channel                  ✗ ✓ ✓
   attachments   download    the member's file, private channel       ✗ ✓ ✓
   attachments   sign-url    the member's file, private channel       ✗ ✓ ✓
   attachments   list        the private channel's folder             ✗ ✓ ✓
   attachments   replace     the member's file, public channel        ✗ ✓ ✗
   attachments   remove      the member's file, public channel        ✗ ✓ ✓
   avatars       upload      into the caller's own folder             ✗ ✓ ✓
   avatars       list        the member's folder                      ✗ ✓ ✗
   avatars       replace     the member's avatar                      ✗ ✓ ✗
   avatars       remove      the member's avatar                      ✗ ✓ ✗
   avatars       public-url  the member's avatar                      ✓ ✓ ✓
`;

/**
 * Realtime: postgres changes are checked against the policies as the subscriber, private topics
 * (broadcast, presence) against the policies on realtime.messages. ✓ = the event arrives / the
 * join succeeds.
 */
export const MFA_REALTIME_MATRIX = `
#  what                                               mfa-aal1 mfa-aal2 teammate
   a new message in the private channel arrives       ✗ ✓ ✓
   joining the workspace's presence topic             ✗ ✓ ✓
`;

/**
 * Edge functions act with the service role (RLS does not apply), so they check the caller's level
 * themselves: 403 insufficient_aal at aal1. ✓ = the invitation is accepted.
 */
export const MFA_FUNCTION_MATRIX = `
#  function        mfa-aal1 mfa-aal2 teammate
   accept-invite   ✗ ✓ ✓
`;

export type MfaColumn = "mfa-aal1" | "mfa-aal2" | "teammate";
export const MFA_COLUMNS: readonly MfaColumn[] = ["mfa-aal1", "mfa-aal2", "teammate"];

/** Parses one of the matrices above: `leading` label cells (two or more spaces apart), then a mark per column. */
export function parseMfaMatrix<L extends string[]>(
  text: string,
  leading: number,
): { labels: L; column: MfaColumn; allowed: boolean }[] {
  return text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
    .flatMap((line) => {
      const cells = line.trim().split(/\s{2,}/);
      const labels = cells.slice(0, leading) as L;
      const marks = cells.slice(leading).join(" ").split(/\s+/);
      if (marks.length !== MFA_COLUMNS.length) throw new Error(`matrix line has ${marks.length} marks: ${line}`);
      return MFA_COLUMNS.map((column, i) => ({ labels, column, allowed: marks[i] === "✓" }));
    });
}
