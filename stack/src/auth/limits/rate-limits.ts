import type { AuthSettings } from "../config/settings.ts";
import { emailRateLimit, ErrorCode, requestRateLimit, tooManyRequests } from "../errors.ts";
import { TokenBuckets } from "./token-bucket.ts";

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;

export type LimitedAction = "sign_in_sign_ups" | "token_refresh" | "token_verifications" | "anonymous_users" | "web3";

/** The `[auth.rate_limit]` limiters: per-IP token buckets and the global hourly email/SMS quotas. */
export interface RateLimits {
  /** Throws 429 `over_request_rate_limit` when `ip` has used up its bucket for the action. */
  check(action: LimitedAction, ip: string | null): void;
  /** Counts one auth email against `email_sent`/hour (only with SMTP, as the CLI). */
  countEmail(): void;
  /** Counts one SMS against `sms_sent`/hour. */
  countSms(): void;
}

class HourlyQuota {
  private sent: number[] = [];
  constructor(private readonly limit: number) {}
  take(): boolean {
    const now = Date.now();
    this.sent = this.sent.filter((at) => at > now - HOUR);
    if (this.sent.length >= this.limit) return false;
    this.sent.push(now);
    return true;
  }
}

/**
 * Builds the limiters from the config: sign-ins/ups, verifications, `/token` grants and web3
 * sign-ins per 5 minutes (burst 30), anonymous sign-ins per hour (burst = limit). The per-IP buckets apply only
 * with `perIp` — as GoTrue, which limits per IP only when a rate-limit header (or a trusted
 * Sb-Forwarded-For) tells it the client's address; the email/SMS quotas always apply.
 * @example const limits = createRateLimits(settings, { perIp: true }); limits.check("token_refresh", ip);
 */
export function createRateLimits(settings: AuthSettings, options: { perIp: boolean }): RateLimits {
  const limits = settings.rate_limit;
  const buckets: Record<LimitedAction, TokenBuckets> = {
    sign_in_sign_ups: new TokenBuckets(limits.sign_in_sign_ups, FIVE_MINUTES, 30),
    token_refresh: new TokenBuckets(limits.token_refresh, FIVE_MINUTES, 30),
    token_verifications: new TokenBuckets(limits.token_verifications, FIVE_MINUTES, 30),
    anonymous_users: new TokenBuckets(limits.anonymous_users, HOUR, limits.anonymous_users),
    web3: new TokenBuckets(limits.web3, FIVE_MINUTES, 30),
  };
  // The CLI lifts email_sent to 360000 without custom SMTP, and GoTrue skips it under mailer autoconfirm.
  const smtpConfigured = settings.email.smtp?.enabled === true && settings.email.smtp.host !== "";
  const email = new HourlyQuota(
    smtpConfigured && !settings.mailerAutoconfirm ? limits.email_sent : Number.POSITIVE_INFINITY,
  );
  const sms = new HourlyQuota(limits.sms_sent);
  return {
    check(action, ip) {
      if (!options.perIp) return;
      if (!buckets[action].take(ip ?? "unknown")) throw requestRateLimit();
    },
    countEmail() {
      if (!email.take()) throw emailRateLimit();
    },
    countSms() {
      if (!sms.take()) throw tooManyRequests(ErrorCode.over_sms_send_rate_limit, "SMS rate limit exceeded");
    },
  };
}
