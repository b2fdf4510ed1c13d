import type { Plugin } from "vite";
import { isFirstScreenMessage } from "../src/lib/i18n/first-screen-messages.ts";

const catalogPart = /\/src\/locales\/[^/?]+\.json\?part=(first-screen|rest)$/;

/**
 * A catalog imported as `locales/xx.json?part=first-screen` holds only the messages a
 * conversation's first screen shows (`src/lib/i18n/first-screen-messages.ts`); `?part=rest` holds
 * the others. The catalogs stay one file per language; the split happens as they are imported, in
 * every mode (the build then precompiles each part like a whole catalog).
 */
export function catalogParts(): Plugin {
  return {
    name: "parley:catalog-parts",
    enforce: "pre",
    transform(code, id) {
      const part = catalogPart.exec(id)?.[1];
      if (!part) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const wanted = part === "first-screen";
      const kept = Object.entries(messages).filter(([key]) => isFirstScreenMessage(key) === wanted);
      // A query hides the `.json` extension the bundler goes by: say what the module is.
      return { code: JSON.stringify(Object.fromEntries(kept)), map: null, moduleType: "json" };
    },
  };
}
