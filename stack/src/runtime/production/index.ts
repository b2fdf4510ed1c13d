export { allowedOrigins } from "./allowed-origins.ts";
export { UnsafeProductionError, unsafeProductionSettings, type ProductionChoices } from "./unsafe-settings.ts";
export { assertSafeProductionStart, productionConfig, type ProductionOptions } from "./production-start.ts";
export { assertNoDemoAccounts } from "./demo-accounts.ts";
