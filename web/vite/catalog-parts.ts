import type { Plugin } from "vite";
import { firstScreens, isFirstScreenMessage, type FirstScreen } from "../src/lib/i18n/first-screen-messages.ts";

const catalogPart = /\/src\/locales\/[^/?]+\.json\?part=([a-z-]+?)(-rest)?$/;

function isFirstScreen(name: string): name is FirstScreen {
  return (firstScreens as readonly string[]).includes(name);
}

/**
 * A catalog imported as `locales/xx.json?part=<screen>` holds only the messages that first screen
 * shows (`src/lib/i18n/first-screen-messages.ts`, e.g. `?part=conversation`); `?part=<screen>-rest`
 * holds the others. The catalogs stay one file per language; the split happens as they are
 * imported, in every mode (the build then precompiles each part like a whole catalog).
 */
export function catalogParts(): Plugin {
  return {
    name: "parley:catalog-parts",
    enforce: "pre",
    transform(code, id) {
      const match = catalogPart.exec(id);
      if (!match) return null;
      const [, screen = "", rest] = match;
      if (!isFirstScreen(screen)) throw new Error(`No first screen named "${screen}" (importing ${id})`);
      const messages = JSON.parse(code) as Record<string, string>;
      const wanted = rest === undefined;
      const kept = Object.entries(messages).filter(([key]) => isFirstScreenMessage(key, screen) === wanted);
      // A query hides the `.json` extension the bundler goes by: say what the module is.
      return { code: JSON.stringify(Object.fromEntries(kept)), map: null, moduleType: "json" };
    },
  };
}
