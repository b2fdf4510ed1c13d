/**
 * Web Push subscriptions and keys: who may do what with the member's browser subscription, read
 * from supabase/migrations/*_web_push.sql. ✓ = it worked (the row is visible, the change happened);
 * ✗ = refused, invisible or without effect.
 *
 * Actors: `member` (whose subscription it is), `owner` and `admin` of the same workspace (who
 * share conversations but never see or change another's browsers), the `outsider` (owns another
 * workspace) and `anon` (signed out).
 *
 * "take over the member's endpoint" is by design: an endpoint is one browser's, known only to that
 * browser, so whoever subscribes with it is the person at that browser now (a shared computer).
 */
export const PUSH_SUBSCRIPTION_MATRIX = `
#  action                                                           member owner admin outsider anon
   read the member's push subscriptions                               ✓ ✗ ✗ ✗ ✗
   delete the member's push subscription                              ✓ ✗ ✗ ✗ ✗
   change the member's subscription keys                              ✗ ✗ ✗ ✗ ✗
   move the member's subscription to themselves                       ✗ ✗ ✗ ✗ ✗
   insert a subscription in the member's name                         ✗ ✗ ✗ ✗ ✗
   insert a subscription for themselves                               ✓ ✓ ✓ ✓ ✗
   save a subscription for themselves (save_push_subscription)        ✓ ✓ ✓ ✓ ✗
   take over the member's endpoint (save_push_subscription)           ✓ ✓ ✓ ✓ ✗
   insert a subscription whose endpoint is not https                  ✗ ✗ ✗ ✗ ✗
   save a subscription whose endpoint is not at a known push service  ✗ ✗ ✗ ✗ ✗
   read the push service list (web_push_service_hosts)                ✗ ✗ ✗ ✗ ✗
   read the VAPID private key (web_push_vapid_keys)                   ✗ ✗ ✗ ✗ ✗
   replace the VAPID keys (keep_web_push_vapid_keys)                  ✗ ✗ ✗ ✗ ✗
   read what is pushed to the member (web_push_delivery)              ✗ ✗ ✗ ✗ ✗
`;
