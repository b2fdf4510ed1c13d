import { route } from "../http/route.ts";

const OAUTH_PROVIDERS = [
  "apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma", "fly", "github", "gitlab", "google", "keycloak",
  "kakao", "linkedin", "linkedin_oidc", "notion", "spotify", "slack", "slack_oidc", "workos", "twitch", "twitter", "zoom",
] as const;

/** GET /settings (auth: internal/api/settings.go); OAuth providers stay off in the offline stack. */
export const settingsRoute = route("get", "/settings", async (c, core) => {
  const settings = core.settings();
  const external: Record<string, boolean> = { anonymous_users: settings.enable_anonymous_sign_ins };
  for (const provider of OAUTH_PROVIDERS) external[provider] = false;
  external.email = settings.email.enable_signup;
  external.phone = settings.sms.enable_signup;
  return c.json({
    external,
    disable_signup: !settings.enable_signup,
    mailer_autoconfirm: settings.mailerAutoconfirm,
    phone_autoconfirm: settings.smsAutoconfirm,
    sms_provider: settings.smsProvider,
    saml_enabled: core.sso.settings.enabled,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
});
