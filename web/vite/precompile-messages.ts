import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

const catalogPath = /\/src\/locales\/[^/?]+\.json(\?part=[a-z-]+)?$/;

/**
 * Production builds ship message catalogs already parsed into ICU syntax trees, and swap the ICU
 * parser for formatjs's `no-parser` entry, as react-intl recommends: the browser formats messages
 * without downloading or running a parser. The dev server and unit tests keep plain strings.
 */
export function precompileMessages(): Plugin {
  return {
    name: "parley:precompile-messages",
    apply: "build",
    enforce: "pre",
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
          },
        ],
      },
    }),
    transform(code, id) {
      if (!catalogPath.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(compiled), map: null, moduleType: "json" };
    },
  };
}
