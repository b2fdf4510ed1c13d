import { test as base } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { environmentVariable, type E2eEnvironment } from "./environment";

export { expect } from "@playwright/test";

function readEnvironment(): E2eEnvironment {
  const value = process.env[environmentVariable];
  if (!value) throw new Error(`${environmentVariable} is not set: run browser tests with \`npm run test:e2e -w web\``);
  return JSON.parse(value) as E2eEnvironment;
}

const localesDir = join(dirname(fileURLToPath(import.meta.url)), "../../src/locales");

/** A message from the app's catalog, so tests assert what a person reads in that language. */
export function message(locale: string, id: string): string {
  const catalog = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), "utf8")) as Record<string, string>;
  const text = catalog[id];
  if (text === undefined) throw new Error(`no message "${id}" in ${locale}.json`);
  return text;
}

/** Matches a text that contains `text` as written: an accessible description joins a field's hint and its error. */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

/**
 * Playwright's `test`, pointed at the app and stack the global setup started: `page.goto("/en")`
 * opens the app, and the `stack` fixture holds the stack's status (API_URL, keys, INBUCKET_URL…).
 */
export const test = base.extend<{ stack: E2eEnvironment["stack"] }>({
  baseURL: async ({ baseURL }, provide) => {
    await provide(baseURL ?? readEnvironment().appUrl);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright needs a destructuring pattern here
  stack: async ({}, provide) => {
    await provide(readEnvironment().stack);
  },
});
