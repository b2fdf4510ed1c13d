// Builds the web app (production, pointed at a given backend), serves it with `vite preview` and
// launches the Chromium that `npm install` brings, for benches that measure the app in a browser.
import { spawn } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./stack.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const webDir = path.join(root, "web");
const viteBin = path.join(root, "node_modules/vite/bin/vite.js");

function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, ...args], {
      cwd: webDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`vite ${args[0]} failed (${code}):\n${output}`)),
    );
  });
}

/** `vite build` into `outDir` with a manifest; the backend URL and key are baked in as in production. */
export async function buildApp({ outDir, url = "http://127.0.0.1:1", publishableKey = "sb_publishable_bench" }) {
  await run(["build", "--outDir", outDir, "--emptyOutDir", "--manifest", "--logLevel", "warn"], {
    VITE_SUPABASE_URL: url,
    VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey,
  });
  return JSON.parse(await readFile(path.join(outDir, ".vite", "manifest.json"), "utf8"));
}

/** Serves a build on a free loopback port; resolves with its URL and a stop function. */
export async function serveApp(outDir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [viteBin, "preview", "--outDir", outDir, "--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: webDir,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("vite preview did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Headless Chromium from @sparticuz/chromium (or CHROME_PATH), as the browser tests use it. */
export async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  const sparticuz = (await import("@sparticuz/chromium")).default;
  const fromEnv = process.env.CHROME_PATH;
  const unwanted = new Set(["--disable-web-security", "--allow-running-insecure-content", "--single-process"]);
  return chromium.launch({
    executablePath: fromEnv || (await sparticuz.executablePath()),
    args: [
      ...(fromEnv ? [] : sparticuz.args.filter((flag) => !unwanted.has(flag))),
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-gpu",
    ],
    headless: true,
    chromiumSandbox: false,
  });
}

/** A message from a web catalog, for finding controls by their accessible names. */
export async function catalog(locale) {
  return JSON.parse(await readFile(path.join(webDir, "src", "locales", `${locale}.json`), "utf8"));
}

/** Signs a seeded user in through the app's sign-in form; resolves once the app has left the form. */
export async function signInThroughApp(context, appUrl, { email, password, locale }) {
  const messages = await catalog(locale);
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/${locale}/sign-in`);
    await page.getByLabel(messages["auth.field.email"]).fill(email);
    // Enter in the password field, as the browser tests' helper does (web/e2e/support/accounts.ts
    // says why): a click waits for the page's animation frames, which headless Chromium sometimes
    // stops producing after the fills scroll the page.
    const passwordField = page.getByLabel(messages["auth.field.password"]);
    await passwordField.fill(password);
    await passwordField.press("Enter");
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  } catch (error) {
    // A sign-in that does not go through is rare: keep what the page showed.
    const screenshot = path.join(root, "bench", "results", `sign-in-failed-${locale}-${Date.now()}.png`);
    await mkdir(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
    const text = await page
      .locator("body")
      .innerText({ timeout: 2000 })
      .catch(() => "(page text unavailable)");
    error.message += `\nscreenshot: ${screenshot}\npage text:\n${text}`;
    throw error;
  }
  return page;
}
