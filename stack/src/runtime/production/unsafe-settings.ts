import { decodeJwt } from "jose";
import { isEmulatedProvider, type StackConfig } from "../../config/index.ts";
import { DEFAULT_JWT_SECRET } from "../../gateway/index.ts";

/** What `start --production` was told besides config.toml. */
export interface ProductionChoices {
  /** `--local-mailbox`: auth mail stays in the local mailbox; SMTP is then not required. */
  localMailbox: boolean;
  /** The environment (GOTRUE_SAML_ENABLED, PARLEY_SAML_EMULATOR_DOMAIN). */
  env: Record<string, string | undefined>;
}

/** Hosted's minimum for a project's JWT secret; anything shorter is guessable offline. */
const MIN_JWT_SECRET_LENGTH = 32;
const CONFIG = "supabase/config.toml";

/** True for an empty value or an `env(NAME)` whose variable was not set (left as the literal). */
const unset = (value: string) => value.trim() === "" || /^env\(.*\)$/.test(value.trim());

function jwtSecretProblems(config: StackConfig): string[] {
  const secret = config.auth.jwt_secret;
  if (unset(secret) || secret === DEFAULT_JWT_SECRET) {
    return [
      `${CONFIG}: auth.jwt_secret is ${unset(secret) ? "not set" : "the well-known default"}: anyone could sign tokens for your users. ` +
        `Set jwt_secret = "env(SUPABASE_AUTH_JWT_SECRET)" (or the SUPABASE_AUTH_JWT_SECRET variable) to a random value, e.g. \`openssl rand -base64 48\`.`,
    ];
  }
  if (secret.length < MIN_JWT_SECRET_LENGTH)
    return [
      `${CONFIG}: auth.jwt_secret must be at least ${MIN_JWT_SECRET_LENGTH} characters in production (got ${secret.length}).`,
    ];
  return [];
}

/** The Supabase CLI's demo keys (`iss: supabase-demo`) are published; configured ones must not be those. */
function demoKeyProblems(config: StackConfig): string[] {
  const problems: string[] = [];
  for (const key of ["anon_key", "service_role_key"] as const) {
    const value = config.auth[key];
    if (unset(value)) continue;
    let issuer: unknown;
    try {
      issuer = decodeJwt(value).iss;
    } catch {
      issuer = undefined;
    }
    if (issuer === "supabase-demo")
      problems.push(
        `${CONFIG}: auth.${key} is the Supabase CLI's published demo key; remove it so the stack issues keys signed with your jwt_secret.`,
      );
  }
  return problems;
}

function providerProblems(config: StackConfig): string[] {
  return Object.entries(config.auth.external)
    .filter(([name, provider]) => isEmulatedProvider(name, provider) || (provider.enabled && unset(provider.client_id)))
    .map(
      ([name]) =>
        `${CONFIG}: auth.external.${name} is enabled without client_id and secret (only the local emulator could serve it). ` +
        `Set SUPABASE_AUTH_EXTERNAL_${name.toUpperCase()}_CLIENT_ID and _SECRET to your OAuth app's, or SUPABASE_AUTH_EXTERNAL_${name.toUpperCase()}_ENABLED=false.`,
    );
}

function samlProblems(env: Record<string, string | undefined>): string[] {
  const enabled = (env.GOTRUE_SAML_ENABLED ?? "").trim().toLowerCase() === "true";
  const emulatorDomain = (env.PARLEY_SAML_EMULATOR_DOMAIN ?? "").trim();
  if (!enabled || emulatorDomain === "") return [];
  return [
    `PARLEY_SAML_EMULATOR_DOMAIN is set with GOTRUE_SAML_ENABLED=true: the SAML IdP emulator signs anyone in and is not served in production. ` +
      `Unset PARLEY_SAML_EMULATOR_DOMAIN and register your identity provider with the admin API (POST /auth/v1/admin/sso/providers).`,
  ];
}

function smtpProblems(config: StackConfig, choices: ProductionChoices): string[] {
  if (choices.localMailbox) return [];
  const smtp = config.auth.email.smtp;
  if (smtp?.enabled && !unset(smtp.host)) return [];
  return [
    `${CONFIG}: auth.email.smtp is ${smtp === undefined ? "missing" : smtp.enabled ? "without a host" : "disabled"}: sign-up, recovery and sign-in emails would never leave this machine. ` +
      "Add [auth.email.smtp] with host, port, user, pass, admin_email and sender_name, or start with --local-mailbox to keep mail in the local mailbox on purpose.",
  ];
}

/**
 * Everything that makes a production start unsafe, one sentence each naming the setting to change
 * (and its file): the default or a short JWT secret, demo keys, OAuth providers only the emulator
 * could serve, SAML with only the emulator, no SMTP without `--local-mailbox`. Empty when safe.
 * @example const problems = unsafeProductionSettings(config, { localMailbox: false, env: process.env });
 */
export function unsafeProductionSettings(config: StackConfig, choices: ProductionChoices): string[] {
  return [
    ...jwtSecretProblems(config),
    ...demoKeyProblems(config),
    ...providerProblems(config),
    ...samlProblems(choices.env),
    ...smtpProblems(config, choices),
  ];
}

/** Thrown by `startStack` in production mode before anything starts; the CLI prints it and exits 1. */
export class UnsafeProductionError extends Error {
  override name = "UnsafeProductionError";
  constructor(readonly problems: readonly string[]) {
    super(`Refusing to start in production mode:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}
