export { createOAuthEmulatorService, OAUTH_EMULATOR_BASE_PATH } from "./service.ts";
