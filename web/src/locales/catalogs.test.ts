import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLocales, type Locale } from "../lib/i18n/locales";

const catalogs = Object.fromEntries(
  supportedLocales.map((locale) => [
    locale,
    JSON.parse(readFileSync(join(import.meta.dirname, `${locale}.json`), "utf8")) as Record<string, string>,
  ]),
) as Record<Locale, Record<string, string>>;

const englishKeys = Object.keys(catalogs.en).sort();
const otherLocales = supportedLocales.filter((locale) => locale !== "en");

/** Every argument a message uses, with its kind (`count:plural`, `url:argument`), nested ones too. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
    if (element.type === TYPE.number) found.add(`${element.value}:number`);
    if (element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:datetime`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

/** Every plural in a message, with the categories it offers (`=0` exact matches left out). */
function pluralsOf(elements: MessageFormatElement[]): string[][] {
  return elements.flatMap((element) => {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) return [];
    const nested = Object.values(element.options).flatMap((option) => pluralsOf(option.value));
    if (element.type === TYPE.select) return nested;
    return [Object.keys(element.options).filter((option) => !option.startsWith("=")), ...nested];
  });
}

function sourceFiles(): string[] {
  const root = join(import.meta.dirname, "..");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(root, file), "utf8"));
}

describe("message catalogs", () => {
  it.each(otherLocales)("%s has exactly the English keys", (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(englishKeys);
  });

  it.each(supportedLocales)("every %s message is valid ICU with the English message's arguments", (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale])) {
      let ast: MessageFormatElement[];
      try {
        ast = parse(message, { requiresOtherClause: true });
      } catch (error) {
        throw new Error(`${locale}.json "${key}" is not a valid ICU message: ${String(error)}`, { cause: error });
      }
      const english = parse(catalogs.en[key] ?? "");
      expect([...argumentsOf(ast)].sort(), `${locale}.json "${key}" arguments`).toEqual(
        [...argumentsOf(english)].sort(),
      );
    }
  });

  it.each(supportedLocales)("every %s plural offers each of the locale's plural categories", (locale) => {
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    for (const [key, message] of Object.entries(catalogs[locale])) {
      for (const options of pluralsOf(parse(message))) {
        expect(options.sort(), `${locale}.json "${key}" plural categories`).toEqual(categories);
      }
    }
  });

  it("has no unused key: every message id appears in the source", () => {
    const source = sourceFiles().join("\n");
    const unused = englishKeys.filter((key) => !source.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
