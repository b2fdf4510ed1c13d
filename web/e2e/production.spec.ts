import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword } from "./support/accounts";
import type { RunningEnvironment } from "./support/environment";
import { startProductionEnvironment } from "./support/production-environment";
import { expect, message, test } from "./support/test";

/**
 * The app served by the stack's gateway in production mode: one build for any server, its
 * publishable key handed over at run time, and a Content-Security-Policy the app never breaks.
 */
let environment: RunningEnvironment | undefined;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  environment = await startProductionEnvironment();
});
test.afterAll(async () => {
  await environment?.stop();
});

const running = () => {
  if (!environment) throw new Error("the production environment is not running (its beforeAll failed?)");
  return environment;
};

/** Every CSP violation the page reports, and every console error, from now on. */
async function watchForViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      );
    });
  });
  page.on("console", (entry) => {
    if (entry.type() === "error") problems.push(`console: ${entry.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test("the app loads from the gateway, passes its CSP, signs in and chats over realtime", async ({ browser }) => {
  const { appUrl, stack } = running();
  const context = await browser.newContext({ baseURL: appUrl, locale: "en-US" });
  const page = await context.newPage();
  const problems = await watchForViolations(page);
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));

  const response = await page.goto("/en");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");

  const account = await createAccount(stack, "production");
  await signInWithPassword(page, account, "en");

  await page.goto("/en/w");
  const name = `Ops ${Date.now()}`;
  await page.getByLabel(message("en", "workspaces.create.name")).fill(name);
  await page.getByRole("button", { name: message("en", "workspaces.create.submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^general/ })
    .click();
  const composer = page.getByRole("textbox", { name: "Message #general" });
  await composer.fill("Served from one port");
  await composer.press("Enter");
  await expect(page.getByRole("log").getByText("Served from one port")).toBeVisible();

  expect(sockets.some((url) => url.startsWith(`${appUrl.replace("http", "ws")}/realtime/v1/websocket`))).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test("publishes no sources: no script names a source map and none is served", async ({ browser, request }) => {
  const { appUrl } = running();
  const context = await browser.newContext({ baseURL: appUrl, locale: "en-US" });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/en/sign-in");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    expect(code, script).not.toContain("sourceMappingURL");
    const map = await request.get(`${script}.map`);
    expect(await map.text(), `${script}.map`).not.toContain('"sourcesContent"');
  }
  await context.close();
});
