// Sign-in providers and hooks under [auth]: external OAuth, third-party JWT issuers, Web3,
// captcha, passkeys and auth hooks. Keys and defaults: the CLI's pkg/config/auth.go.
import { bool, namedSections, oneOf, optionalSection, section, text, textList } from "./fields.ts";

/** [auth.external.<provider>] — any provider name GoTrue knows (github, google, azure…). */
export const externalProvidersSchema = namedSections({
  enabled: bool().default(false),
  client_id: text().default(""),
  secret: text().default(""),
  /** Self-hosted GitLab, single-tenant Azure, Keycloak… */
  url: text().default(""),
  /** Empty: derived from auth.external_url. */
  redirect_uri: text().default(""),
  skip_nonce_check: bool().default(false),
  email_optional: bool().default(false),
});

export const thirdPartySchema = section({
  firebase: section({ enabled: bool().default(false), project_id: text().default("") }),
  auth0: section({ enabled: bool().default(false), tenant: text().default(""), tenant_region: text().default("") }),
  aws_cognito: section({
    enabled: bool().default(false),
    user_pool_id: text().default(""),
    user_pool_region: text().default(""),
  }),
  clerk: section({ enabled: bool().default(false), domain: text().default("") }),
  workos: section({ enabled: bool().default(false), issuer_url: text().default("") }),
});

export const web3Schema = section({
  solana: section({ enabled: bool().default(false) }),
  ethereum: section({ enabled: bool().default(false) }),
});

export const captchaSchema = optionalSection({
  enabled: bool().default(false),
  provider: oneOf(["hcaptcha", "turnstile"]).optional(),
  secret: text().default(""),
});

export const passkeySchema = optionalSection({ enabled: bool().default(false) });

/**
 * [auth.saml] — a Parley Stack key, not the CLI's (which has no SAML switch: hosted turns SAML on
 * per project). Off by default, as the CLI's local stack; GOTRUE_SAML_ENABLED overrides it.
 */
export const samlSchema = optionalSection({ enabled: bool().default(false) });

export const webauthnSchema = optionalSection({
  rp_display_name: text().default(""),
  rp_id: text().default(""),
  rp_origins: textList().default([]),
});

const hookFields = {
  enabled: bool().default(false),
  /** pg-functions://<database>/<schema>/<function>, or an http(s) URL. */
  uri: text().default(""),
  /** For http(s) hooks: "v1,whsec_<base64>", several joined with "|". */
  secrets: text().default(""),
};

export const hookSchema = section({
  mfa_verification_attempt: optionalSection(hookFields),
  password_verification_attempt: optionalSection(hookFields),
  custom_access_token: optionalSection(hookFields),
  send_sms: optionalSection(hookFields),
  send_email: optionalSection(hookFields),
  before_user_created: optionalSection(hookFields),
});

export const oauthServerSchema = section({
  enabled: bool().default(false),
  authorization_url_path: text().default("/oauth/consent"),
  allow_dynamic_registration: bool().default(false),
});
