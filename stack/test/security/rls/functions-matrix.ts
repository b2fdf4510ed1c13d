/**
 * Edge functions (supabase-js `.functions.invoke`): the HTTP status each caller gets, read from
 * supabase/functions/* (every function but hello checks the caller with the auth service and refuses
 * anonymous users: 401 not_authenticated). `hello` has verify_jwt on; locally the gateway maps the
 * publishable key to the anon JWT as `supabase start` does, so signed-out calls pass it (hosted
 * would answer 401).
 *
 *   invite-member   admins and owners of the workspace invite (others 403 not_workspace_admin)
 *   accept-invite   only the invitee's email accepts (others 403 email_mismatch); members
 *                   accepting again is a harmless success
 *   delete-account  needs the right password (401 reauthentication_failed); the workspace's sole
 *                   owner is stopped (409 sole_owner); the others are deleted. The callers of that
 *                   row are fresh users in the same position, so the world survives it.
 */
export const FUNCTIONS_MATRIX = `
#  function         action                                      owner admin member outsider anonymous signed-out
   hello            say hello                                   200 200 200 200 200 200
   invite-member    invite someone to the workspace             200 200 403 403 401 401
   invite-member    invite someone to another workspace         403 403 403 200 401 401
   accept-invite    accept an invitation sent to someone else   403 403 403 403 401 401
   accept-invite    accept an invitation sent to me             200 200 200 200 401 401
   delete-account   delete my account with a wrong password     401 401 401 401 401 401
   delete-account   delete my account with my password          409 200 200 200 401 401
`;
