import { ErrorCode, sendTooSoon } from "../errors.ts";

/**
 * The per-user send interval (`max_frequency`): throws 429 with GoTrue's message when
 * the last send of this kind was too recent.
 */
export function assertSendAllowed(
  lastSentAt: Date | null,
  maxFrequencyMs: number,
  code: ErrorCode = ErrorCode.over_email_send_rate_limit,
): void {
  if (lastSentAt === null || maxFrequencyMs <= 0) return;
  const waitMs = lastSentAt.getTime() + maxFrequencyMs - Date.now();
  if (waitMs > 0) throw sendTooSoon(code, Math.max(1, Math.ceil(waitMs / 1000)));
}
