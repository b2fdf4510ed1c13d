export { createOAuthEmulatorService } from "./service.ts";
