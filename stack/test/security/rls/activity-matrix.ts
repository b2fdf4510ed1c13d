/**
 * Mentions and the activity inbox: who may do what, read from supabase/migrations/20251126130*.sql.
 * ✓ = it worked (the row is visible, the change happened, the event or item arrived); ✗ = refused,
 * invisible or without effect.
 *
 * "The member's item" is an activity row in the plain member's inbox (a spare member of the
 * workspace mentioned them in the open channel); "the member's follow" is their follow of a thread
 * there. The owner and the admin are other members of the same workspace; the outsider owns
 * another workspace; `anonymous` (signInAnonymously) and `signed-out` have no workspace. The
 * private channel's people are the owner and the member (not the admin).
 */
export const ACTIVITY_MATRIX = `
#  area      action                                                       owner admin member outsider anonymous signed-out
   activity  read the member's item                                         ✗ ✗ ✓ ✗ ✗ ✗
   activity  mark the member's item read                                    ✗ ✗ ✓ ✗ ✗ ✗
   activity  mark all read (mark_all_activity_read) clears the member's     ✗ ✗ ✓ ✗ ✗ ✗
   activity  hand the member's item to someone else                         ✗ ✗ ✗ ✗ ✗ ✗
   activity  delete the member's item                                       ✗ ✗ ✗ ✗ ✗ ✗
   activity  put an item into the member's inbox                            ✗ ✗ ✗ ✗ ✗ ✗
   activity  receive the member's new item (postgres_changes)               ✗ ✗ ✓ ✗ ✗ ✗
   activity  learn whose item went away (DELETE filtered by user_id)        ✗ ✗ ✗ ✗ ✗ ✗
   activity  get an item when mentioned in the open channel                 ✓ ✓ ✓ ✗ ✗ ✗
   activity  get an item when mentioned in the private channel              ✓ ✗ ✓ ✗ ✗ ✗
   activity  get an item when their message gets a reaction                 ✓ ✓ ✓ ✗ ✗ ✗
   follows   see the member's follow                                        ✗ ✗ ✓ ✗ ✗ ✗
   follows   unfollow the member's follow                                   ✗ ✗ ✓ ✗ ✗ ✗
   follows   follow a thread for the member                                 ✗ ✗ ✗ ✗ ✗ ✗
   follows   follow a thread in the open channel                            ✓ ✓ ✓ ✗ ✗ ✗
   follows   follow a thread in the private channel                         ✓ ✗ ✓ ✗ ✗ ✗
   mentions  restrict @channel in a channel the member created              ✓ ✓ ✗ ✗ ✗ ✗
   mentions  write @channel in a restricted channel                         ✓ ✓ ✗ ✗ ✗ ✗
   mentions  write @here in an unrestricted channel                         ✓ ✓ ✓ ✗ ✗ ✗
`;
