import type { ChangeSubscriber } from "../context.ts";
import type { Subscription } from "./subscriptions.ts";

/**
 * Subscriptions whose change is checked in one statement, as `caller`: RLS and filters are decided
 * in PostgreSQL from the role and `request.jwt.claims` alone, so every subscription of channels
 * that hold the very same claims (one person's timeline, sidebar and inbox channels on one token)
 * gets the same answer from one check as from one check each.
 */
export interface CheckUnit {
  caller: ChangeSubscriber;
  subscriptions: Subscription[];
}

/** One unit per distinct set of claims (role included), in the order the subscriptions came. */
export function unitsByCaller(subscriptions: readonly Subscription[]): CheckUnit[] {
  return groupUnits(subscriptions, (subscription) => JSON.stringify(subscription.subscriber.claims));
}

/** One unit per subscriber: each channel checked on its own (a failing check then fails only it). */
export function unitsBySubscriber(subscriptions: readonly Subscription[]): CheckUnit[] {
  return groupUnits(subscriptions, (subscription) => subscription.subscriber);
}

/** Whether a unit speaks for more than one channel. */
export function sharedByChannels(unit: CheckUnit): boolean {
  return unit.subscriptions.some((subscription) => subscription.subscriber !== unit.caller);
}

/** The unit's matching subscriptions, by the channel they belong to. */
export function bySubscriber(matched: readonly Subscription[]): Map<ChangeSubscriber, Subscription[]> {
  const out = new Map<ChangeSubscriber, Subscription[]>();
  for (const subscription of matched) {
    const list = out.get(subscription.subscriber);
    if (list) list.push(subscription);
    else out.set(subscription.subscriber, [subscription]);
  }
  return out;
}

function groupUnits<K>(subscriptions: readonly Subscription[], keyOf: (subscription: Subscription) => K): CheckUnit[] {
  const units = new Map<K, CheckUnit>();
  for (const subscription of subscriptions) {
    const key = keyOf(subscription);
    const unit = units.get(key);
    if (unit) unit.subscriptions.push(subscription);
    else units.set(key, { caller: subscription.subscriber, subscriptions: [subscription] });
  }
  return [...units.values()];
}
