import { z } from "zod";
import type { StackConfig } from "../../config/index.ts";
import { parseDurationMs } from "./duration.ts";

const bool = (fallback: boolean) => z.boolean().catch(fallback).default(fallback);
const int = (fallback: number) => z.coerce.number().int().catch(fallback).default(fallback);
const text = (fallback: string) => z.string().catch(fallback).default(fallback);
const duration = (fallbackMs: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => parseDurationMs(v, fallbackMs));
/** A sub-table: missing or malformed reads as `{}`, so every key falls back to its default. */
const table = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : {}),
    z.object(shape),
  );

const externalProvider = z.object({
  enabled: bool(false),
  client_id: text(""),
  secret: text(""),
  url: text(""),
  redirect_uri: text(""),
  skip_nonce_check: bool(false),
  email_optional: bool(false),
});
export type ExternalProviderSettings = z.infer<typeof externalProvider>;

const template = z.object({
  subject: z.string().optional().catch(undefined),
  content_path: z.string().optional().catch(undefined),
});

/** The `[auth]` keys the auth service reads, with the Supabase CLI's defaults. */
const authConfigSchema = z.object({
  site_url: text("http://127.0.0.1:3000"),
  external_url: text(""),
  additional_redirect_urls: z.array(z.string()).catch(["https://127.0.0.1:3000"]).default(["https://127.0.0.1:3000"]),
  jwt_expiry: int(3600),
  jwt_issuer: text(""),
  enable_refresh_token_rotation: bool(true),
  refresh_token_reuse_interval: int(10),
  enable_signup: bool(true),
  enable_anonymous_sign_ins: bool(false),
  enable_manual_linking: bool(false),
  external: z.record(z.string(), externalProvider).catch({}).default({}),
  minimum_password_length: int(6),
  password_requirements: text(""),
  rate_limit: table({
    email_sent: int(2),
    sms_sent: int(30),
    anonymous_users: int(30),
    token_refresh: int(150),
    sign_in_sign_ups: int(30),
    token_verifications: int(30),
    web3: int(30),
  }),
  sessions: table({ timebox: duration(0), inactivity_timeout: duration(0) }),
  mfa: table({
    max_enrolled_factors: int(10),
    totp: table({ enroll_enabled: bool(false), verify_enabled: bool(false) }),
    phone: table({
      enroll_enabled: bool(false),
      verify_enabled: bool(false),
      // matches GoTrue: a length outside 6..10 falls back to 6
      otp_length: z.coerce.number().int().min(6).max(10).catch(6).default(6),
      template: text("Your code is {{ .Code }}"),
      max_frequency: duration(5000),
    }),
    web_authn: table({ enroll_enabled: bool(false), verify_enabled: bool(false) }),
  }),
  passkey: table({ enabled: bool(false) }),
  webauthn: table({
    rp_display_name: text(""),
    rp_id: text(""),
    rp_origins: z.array(z.string()).catch([]).default([]),
  }),
  hook: table({
    custom_access_token: z
      .object({ enabled: bool(false), uri: text("") })
      .optional()
      .catch(undefined),
  }),
  email: table({
    enable_signup: bool(true),
    double_confirm_changes: bool(true),
    enable_confirmations: bool(false),
    secure_password_change: bool(false),
    max_frequency: duration(1000),
    otp_length: int(6),
    otp_expiry: int(3600),
    smtp: z
      .object({
        enabled: bool(true),
        host: text(""),
        port: int(587),
        user: text(""),
        pass: text(""),
        admin_email: text("admin@email.com"),
        sender_name: text(""),
      })
      .optional()
      .catch(undefined),
    template: z.record(z.string(), template).catch({}).default({}),
  }),
  oauth_server: table({
    enabled: bool(false),
    allow_dynamic_registration: bool(false),
    authorization_url_path: text("/oauth/consent"),
  }),
  sms: table({
    enable_signup: bool(false),
    enable_confirmations: bool(false),
    template: text("Your code is {{ .Code }}"),
    max_frequency: duration(5000),
    test_otp: z.record(z.string(), z.coerce.string()).catch({}).default({}),
    twilio: table({ enabled: bool(false) }),
    twilio_verify: table({ enabled: bool(false) }),
    messagebird: table({ enabled: bool(false) }),
    textlocal: table({ enabled: bool(false) }),
    vonage: table({ enabled: bool(false) }),
  }),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** What auth derives from the config and the running stack. */
export interface AuthSettings extends AuthConfig {
  /** The stack's API URL (the OAuth emulator lives under it). */
  apiUrl: string;
  /** `[auth] external_url` or `<API URL>/auth/v1`. */
  externalUrl: string;
  /** `iss` of access tokens. */
  issuer: string;
  /** Email confirmation disabled ⇒ mailer autoconfirm. */
  mailerAutoconfirm: boolean;
  smsAutoconfirm: boolean;
  /** Character classes from `password_requirements`, one of each required. */
  requiredCharacters: string[];
  /** The first enabled `[auth.sms.<provider>]` ("" without one); codes still go to the mailbox. */
  smsProvider: string;
}

const SMS_PROVIDERS = ["twilio", "twilio_verify", "messagebird", "textlocal", "vonage"] as const;

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** As the CLI maps `password_requirements` to GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS. */
export function requiredCharacterSets(requirement: string): string[] {
  switch (requirement) {
    case "letters_digits":
      return [LOWER + UPPER, DIGITS];
    case "lower_upper_letters_digits":
      return [LOWER, UPPER, DIGITS];
    case "lower_upper_letters_digits_symbols":
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/**
 * Reads the `[auth]` table defensively (bad or missing values fall back to the CLI's defaults).
 * @example const settings = readAuthSettings(deps.config, "http://127.0.0.1:54321");
 */
export function readAuthSettings(config: StackConfig, apiUrl: string): AuthSettings {
  const raw = (config as { auth?: unknown }).auth ?? {};
  const parsed = authConfigSchema.parse(raw);
  const externalUrl = (parsed.external_url || `${apiUrl}/auth/v1`).replace(/\/$/, "");
  return {
    ...parsed,
    apiUrl: apiUrl.replace(/\/$/, ""),
    externalUrl,
    issuer: parsed.jwt_issuer || externalUrl,
    mailerAutoconfirm: !parsed.email.enable_confirmations,
    smsAutoconfirm: !parsed.sms.enable_confirmations,
    requiredCharacters: requiredCharacterSets(parsed.password_requirements),
    smsProvider: SMS_PROVIDERS.find((name) => parsed.sms[name].enabled) ?? "",
  };
}
