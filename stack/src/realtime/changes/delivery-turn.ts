/**
 * A transaction's deliveries, held until every earlier transaction has delivered its own: the
 * stream prepares several transactions at once (casts, policy checks) but subscribers still get
 * changes in commit order. Once `begin` ran, deliveries go out at once.
 */
export class DeliveryTurn {
  private held: (() => void)[] | null = [];

  deliver(send: () => void): void {
    if (this.held) this.held.push(send);
    else send();
  }

  /** Earlier transactions are done: what was held goes out, in the order it was handed in. */
  begin(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const send of held) send();
  }
}
