import type { FullConfig } from "@playwright/test";
import { environmentVariable, startEnvironment } from "./support/environment";

/**
 * Starts the stack and the app once for the whole run and hands their addresses to the test
 * workers through an environment variable; the returned function is Playwright's teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const environment = await startEnvironment();
  process.env[environmentVariable] = JSON.stringify({ appUrl: environment.appUrl, stack: environment.stack });
  return environment.stop;
}
