import type { ChangeSubscriber } from "../context.ts";
import type { FilterCondition } from "./filters.ts";

/** One binding of one channel, resolved to a published table. */
export interface Subscription {
  subscriber: ChangeSubscriber;
  id: number;
  /** `*` or `INSERT` / `UPDATE` / `DELETE`. */
  action: string;
  filters: FilterCondition[];
  /** `select` list: only these columns plus the primary key. */
  select: string[] | null;
}

/** The live registry, keyed by `schema.table` (in memory; upstream's `realtime.subscription` rows). */
export class SubscriptionRegistry {
  private readonly byTable = new Map<string, Set<Subscription>>();
  private readonly bySubscriber = new Map<ChangeSubscriber, { table: string; subscription: Subscription }[]>();

  replace(subscriber: ChangeSubscriber, entries: { table: string; subscription: Subscription }[]): void {
    this.remove(subscriber);
    if (entries.length === 0) return;
    this.bySubscriber.set(subscriber, entries);
    for (const { table, subscription } of entries) {
      let set = this.byTable.get(table);
      if (!set) {
        set = new Set();
        this.byTable.set(table, set);
      }
      set.add(subscription);
    }
  }

  remove(subscriber: ChangeSubscriber): void {
    for (const { table, subscription } of this.bySubscriber.get(subscriber) ?? []) {
      const set = this.byTable.get(table);
      set?.delete(subscription);
      if (set?.size === 0) this.byTable.delete(table);
    }
    this.bySubscriber.delete(subscriber);
  }

  forTable(schema: string, table: string): Subscription[] {
    return [...(this.byTable.get(`${schema}.${table}`) ?? [])];
  }

  /** Each table with subscriptions (`schema.table`) and its subscriptions. */
  tables(): { table: string; subscriptions: ReadonlySet<Subscription> }[] {
    return [...this.byTable].map(([table, subscriptions]) => ({ table, subscriptions }));
  }

  get size(): number {
    return this.bySubscriber.size;
  }
}
