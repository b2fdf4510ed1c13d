/** Where the transaction being read stands: its commit LSN, its changes read so far, and how many an earlier reading already handed out. */
interface Reading {
  at: bigint | null;
  seen: number;
  skip: number;
}

/**
 * What of the replication stream has been handed out for delivery, so that a reconnect (the stream
 * resumes at the slot's last acknowledged commit) hands nothing out twice: a transaction is
 * acknowledged only after its last piece, so after a reconnect the server sends again both
 * transactions whose acknowledgement never reached it and the start of one that was handed out
 * in part. Transactions are told apart by their commit LSN, which BEGIN carries.
 */
export class HandedOut {
  /** Commit LSN of the last transaction handed out in full. */
  private through: bigint | null = null;
  /** The transaction handed out in part: its commit LSN and how many of its changes. */
  private partial: { at: bigint; handed: number } | null = null;
  private reading: Reading | null = null;

  /** A transaction begins; false when it was already handed out in full. */
  begin(commitLsn: string | null): boolean {
    const at = commitLsn ? lsnValue(commitLsn) : null;
    if (at !== null && this.through !== null && at <= this.through) {
      this.reading = null;
      return false;
    }
    const skip = at !== null && this.partial?.at === at ? this.partial.handed : 0;
    this.reading = { at, seen: 0, skip };
    return true;
  }

  /** A change of the transaction being read; false when an earlier reading already handed it out. */
  change(): boolean {
    const reading = this.reading;
    if (!reading) return false;
    reading.seen += 1;
    return reading.seen > reading.skip;
  }

  /** Every change read so far of the current transaction has been handed out. */
  handedOut(): void {
    const reading = this.reading;
    if (reading?.at != null) this.partial = { at: reading.at, handed: reading.seen };
  }

  /** The current transaction's COMMIT: all of it has been handed out. */
  commit(): void {
    const at = this.reading?.at;
    if (at != null) this.through = at;
    this.partial = null;
    this.reading = null;
  }
}

/** An LSN as PostgreSQL prints it (`16/B374D848`: two hexadecimal 32-bit halves) as one number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  if (!high || !low || !/^[0-9A-Fa-f]{1,8}$/.test(high) || !/^[0-9A-Fa-f]{1,8}$/.test(low))
    throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}
