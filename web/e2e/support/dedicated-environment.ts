/**
 * A stack and app of their own for one spec file, for behaviour that needs a config the shared
 * environment does not have (a short `jwt_expiry`, secure password change). Started once before
 * the file's tests, stopped after them.
 *
 * @example
 * const environment = startDedicatedEnvironment({ SUPABASE_AUTH_JWT_EXPIRY: "5" });
 * test("…", async ({ browser }) => { const page = await newPageIn(browser, environment()); … });
 */
import type { Browser, Page } from "@playwright/test";
import { startEnvironment, type EnvironmentOptions, type RunningEnvironment } from "./environment";
import { test } from "./test";

export function startDedicatedEnvironment(
  configOverrides: NonNullable<EnvironmentOptions["configOverrides"]>,
  appEnv: EnvironmentOptions["appEnv"] = {},
  { appHostName }: Pick<EnvironmentOptions, "appHostName"> = {},
): () => RunningEnvironment {
  let environment: RunningEnvironment | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    environment = await startEnvironment({ configOverrides, appEnv, appHostName });
  });
  test.afterAll(async () => {
    await environment?.stop();
  });
  return () => {
    if (!environment) throw new Error("the dedicated environment is not running (its beforeAll failed?)");
    return environment;
  };
}

/** A page in a fresh browser context whose relative URLs go to the dedicated app. */
export async function newPageIn(browser: Browser, environment: RunningEnvironment): Promise<Page> {
  const context = await browser.newContext({ baseURL: environment.appUrl, locale: "en-US" });
  return context.newPage();
}
