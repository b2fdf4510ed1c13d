// Public surface of stack/src/config: supabase/config.toml → typed, validated StackConfig.
// Other folders import from here only.
export { ConfigError } from "./config-error.ts";
export { loadConfig, type LoadConfigOptions, type LoadedConfig, type StackConfig } from "./load-config.ts";
export { configSchema } from "./schema/config.ts";
export { parseDuration, parseSize } from "./units.ts";
export {
  EMULATED_PROVIDERS,
  emulatorBasePath,
  emulatorClientCredentials,
  isEmulatedProvider,
  isEmulatedProviderName,
  OAUTH_EMULATOR_BASE_PATH,
  type EmulatedProvider,
  type ExternalProviderSection,
} from "./oauth-emulation.ts";
export { OAUTH2_ENDPOINTS, oauth2Endpoints, type OAuth2Endpoint, type OAuth2Endpoints } from "./oauth2-endpoints.ts";
