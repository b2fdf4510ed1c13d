import chromium from "@sparticuz/chromium";
import { defineConfig } from "@playwright/test";

/**
 * Chromium comes from npm (@sparticuz/chromium unpacks its build into /tmp on first use) unless
 * CHROME_PATH names another one; Playwright never downloads a browser here.
 */
const chromeFromEnv = process.env.CHROME_PATH;
const executablePath = chromeFromEnv || (await chromium.executablePath());

// @sparticuz/chromium's serverless flags, minus those that would hide real app behaviour or break
// several pages in one browser: tests must see CORS and mixed-content errors as users do.
const unwantedFlags = new Set(["--disable-web-security", "--allow-running-insecure-content", "--single-process"]);
const browserArgs = [
  ...(chromeFromEnv ? [] : chromium.args.filter((flag) => !unwantedFlags.has(flag))),
  // The machine has no network beyond loopback: keep Chromium from reaching out.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-gpu",
];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  // One worker: the stack is shared and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    locale: "en-US",
    launchOptions: { executablePath, args: browserArgs, chromiumSandbox: false },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
