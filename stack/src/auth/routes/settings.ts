import { isProviderAvailable, SETTINGS_PROVIDERS } from "../external/providers.ts";
import { route } from "../http/route.ts";

/**
 * GET /settings (auth: internal/api/settings.go). An OAuth provider reads true when it is enabled
 * and the stack can run its flow (real or emulated).
 */
export const settingsRoute = route("get", "/settings", async (c, core) => {
  const settings = core.settings();
  const external: Record<string, boolean> = { anonymous_users: settings.enable_anonymous_sign_ins };
  for (const provider of SETTINGS_PROVIDERS) external[provider] = isProviderAvailable(settings, provider);
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
    passkeys_enabled: settings.passkey.enabled,
  });
});
