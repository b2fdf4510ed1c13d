// POST /functions/v1/web-push-send  {activity_id}  (called by the database through pg_net, with the
// service role key, when an activity row is written for someone with push subscriptions — migration
// *_web_push.sql)
//
// Sends the activity as a Web Push message to each of its person's browsers: the payload
// (push-payload.ts) encrypted for the subscription (RFC 8291 aes128gcm) with a VAPID
// `Authorization: vapid t=…, k=…` header (RFC 8292) signed by the project's key, a TTL and an
// urgency. A push service answering 404 or 410 has forgotten the subscription: its row is removed.
// Nothing is sent when the activity was read meanwhile or no longer passes should_notify.
// An endpoint is someone's input: every request goes through the outbound guard
// (_shared/outbound): only hosts on the push service list (web_push_service_hosts(), the row the
// database checks new subscriptions against too), only public addresses, never a redirect. A
// subscription the guard refuses is counted as `refused` and kept (the list may be changed).
// 200 {sent, removed, failed, refused}; 400 validation_failed; 401 not_authenticated for any other caller.
import { buildPushPayload } from "npm:@block65/webcrypto-web-push@2.0.0";
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { adminClient } from "../_shared/clients.ts";
import { FunctionError, json, postHandler, readJsonObject } from "../_shared/http.ts";
import { outboundFetch } from "../_shared/outbound/outbound-fetch.ts";
import { OutboundRefused } from "../_shared/outbound/outbound-refused.ts";
import { isServiceRole } from "../_shared/service-role.ts";
import { requireUuid } from "../_shared/validate.ts";
import { type VapidKeys, vapidKeys } from "../_shared/vapid-keys.ts";
import { type Delivery, pushPayload } from "./push-payload.ts";

/** How long a push service keeps an undelivered message (seconds). The library's VAPID JWT lasts 12 hours. */
const TTL_SECONDS = 12 * 60 * 60;
const GONE = new Set([404, 410]);

type Outcome = "sent" | "removed" | "failed" | "refused";

/** The VAPID `sub`: who a push service may contact about this sender (mailto: or https:). */
const contact = () =>
  Deno.env.get("PARLEY_PUSH_CONTACT") ?? new URL(Deno.env.get("PARLEY_APP_URL") ?? "http://127.0.0.1:5173").origin;

/** Where push requests may go: the push service host patterns the database keeps. */
async function pushServiceHosts(admin: SupabaseClient): Promise<string[]> {
  const { data, error } = await admin.rpc("web_push_service_hosts");
  if (error) throw new Error(`web_push_service_hosts failed: ${error.message}`);
  return (data ?? []) as string[];
}

async function deliver(
  admin: SupabaseClient,
  keys: VapidKeys,
  allowedHosts: string[],
  delivery: Delivery,
  activityId: string,
): Promise<Outcome> {
  const appUrl = Deno.env.get("PARLEY_APP_URL") ?? "http://127.0.0.1:5173";
  const request = await buildPushPayload(
    {
      data: { ...pushPayload(delivery, activityId, appUrl) },
      options: { ttl: TTL_SECONDS, urgency: delivery.kind === "thread_reply" ? "normal" : "high" },
    },
    { endpoint: delivery.endpoint, expirationTime: null, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
    { subject: contact(), publicKey: keys.publicKey, privateKey: keys.privateJwk.d },
  );
  const answer = await outboundFetch(
    delivery.endpoint,
    { method: "POST", headers: request.headers, body: request.body },
    { schemes: ["https:"], allowedHosts, timeoutMs: 10_000 },
  );
  await answer.body?.cancel();
  if (answer.ok) return "sent";
  if (!GONE.has(answer.status)) {
    console.error(`push service answered ${answer.status} for subscription ${delivery.subscription_id}`);
    return "failed";
  }
  const { error } = await admin.from("push_subscriptions").delete().eq("id", delivery.subscription_id);
  if (error) throw new Error(`removing subscription ${delivery.subscription_id} failed: ${error.message}`);
  return "removed";
}

Deno.serve(
  postHandler(async (req) => {
    if (!(await isServiceRole(req))) throw new FunctionError("not_authenticated", "Only the database calls this.");
    const activityId = requireUuid(await readJsonObject(req), "activity_id");
    const admin = adminClient();
    const { data, error } = await admin.rpc("web_push_delivery", { activity_id: activityId });
    if (error) throw new Error(`web_push_delivery failed: ${error.message}`);
    const deliveries = (data ?? []) as Delivery[];
    const counts: Record<Outcome, number> = { sent: 0, removed: 0, failed: 0, refused: 0 };
    if (deliveries.length === 0) return json(counts);
    const keys = await vapidKeys(admin);
    const allowedHosts = await pushServiceHosts(admin);
    for (const delivery of deliveries) {
      try {
        counts[await deliver(admin, keys, allowedHosts, delivery, activityId)] += 1;
      } catch (cause) {
        if (cause instanceof OutboundRefused) {
          console.error(`push to subscription ${delivery.subscription_id} refused (${cause.reason}): ${cause.message}`);
          counts.refused += 1;
        } else {
          console.error(cause);
          counts.failed += 1;
        }
      }
    }
    return json(counts);
  }),
);
