/**
 * Notification preferences: who may do what with the world member's preferences, read from
 * supabase/migrations/*_notification_preferences.sql and *_missed_activity_email.sql.
 * ✓ = it worked (the row is visible, the change happened); ✗ = refused, invisible or without effect.
 *
 * Actors: `member` (the person whose preferences they are), `owner` and `admin` of the same
 * workspace (who share the conversations but never see or change another's preferences), the
 * `outsider` (owns another workspace) and `anon` (signed out).
 */
export const PREFERENCE_MATRIX = `
#  action                                                           member owner admin outsider anon
   read the member's notification preferences                         ✓ ✗ ✗ ✗ ✗
   change the member's notification preferences                       ✓ ✗ ✗ ✗ ✗
   delete the member's notification preferences                       ✓ ✗ ✗ ✗ ✗
   create notification preferences for the member                     ✓ ✗ ✗ ✗ ✗
   read the member's conversation preferences                         ✓ ✗ ✗ ✗ ✗
   unmute the member's conversation                                   ✓ ✗ ✗ ✗ ✗
   delete the member's conversation preferences                       ✓ ✗ ✗ ✗ ✗
   mute another conversation for the member                           ✓ ✗ ✗ ✗ ✗
   mute the private channel for themselves                            ✓ ✓ ✗ ✗ ✗
   upsert their own preferences (insert or update)                    ✓ ✓ ✓ ✓ ✗
   move the member's conversation preferences to themselves           ✗ ✗ ✗ ✗ ✗
   unsubscribe the member (unsubscribe_missed_activity)               ✗ ✗ ✗ ✗ ✗
   claim the due emails (claim_missed_activity)                       ✗ ✗ ✗ ✗ ✗
`;
