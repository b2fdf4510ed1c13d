import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { unusedMarkdownConstructs } from "../src/lib/markdown/chat-constructs.ts";

const virtualPrefix = "\0chat-markdown-constructs:";
const parserModule = /[\\/]node_modules[\\/]micromark[\\/](dev[\\/])?lib[\\/]parse\.js$/;

type Construct = { name?: string };

/**
 * micromark's parser starts from every CommonMark construct (`micromark/lib/constructs.js`, taken
 * whole as a namespace, so tree-shaking cannot drop one) and only then applies `disable`. This
 * hands the parser that same table without the constructs a chat message switches off
 * (`unusedMarkdownConstructs`), so their code — HTML blocks and inline HTML, headings,
 * definitions, indented code, images — is not in the bundle; what parses is unchanged, as the
 * parser would skip them anyway. The table is built from micromark's own at build time: each
 * entry names its construct by its `micromark-core-commonmark` export, so an upgrade that adds
 * or moves one is followed, and one the table cannot name stops the build.
 */
export function chatMarkdownConstructs(): Plugin {
  return {
    name: "parley-chat-markdown-constructs",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "./constructs.js" || !importer || !parserModule.test(importer)) return null;
      return virtualPrefix + path.join(path.dirname(importer), "constructs.js");
    },
    async load(id) {
      if (!id.startsWith(virtualPrefix)) return null;
      return constructsWithout(id.slice(virtualPrefix.length), new Set(unusedMarkdownConstructs));
    },
  };
}

/** The source of a constructs module like micromark's at `constructsFile`, without the `unused` constructs. */
async function constructsWithout(constructsFile: string, unused: Set<string>): Promise<string> {
  const textResolverFile = path.join(path.dirname(constructsFile), "initialize", "text.js");
  const coreFile = createRequire(constructsFile).resolve("micromark-core-commonmark");
  const [table, core, text] = await Promise.all([
    import(pathToFileURL(constructsFile).href) as Promise<Record<string, Record<string, unknown>>>,
    import(pathToFileURL(coreFile).href) as Promise<Record<string, unknown>>,
    import(pathToFileURL(textResolverFile).href) as Promise<{ resolver: unknown }>,
  ]);
  const names = new Map<unknown, string>(Object.entries(core).map(([name, construct]) => [construct, `core.${name}`]));
  names.set(text.resolver, "resolveText");

  const kept = (value: unknown) => !unused.has((value as Construct).name ?? "");
  const source = (value: unknown): string => {
    if (typeof value === "number") return String(value);
    const name = names.get(value);
    if (!name) throw new Error(`chat-markdown-constructs: ${constructsFile} holds a construct it cannot name`);
    return name;
  };
  // null: every construct of the entry is switched off, so the entry goes.
  const entry = (value: unknown): string | null => {
    if (!Array.isArray(value)) return kept(value) ? source(value) : null;
    const list = value.filter(kept);
    return value.length > 0 && list.length === 0 ? null : `[${list.map(source).join(", ")}]`;
  };
  const exports = Object.entries(table).map(([exportName, byCode]) => {
    const fields = Object.entries(byCode).flatMap(([code, value]) => {
      const constructs = entry(value);
      return constructs === null ? [] : [`${JSON.stringify(code)}: ${constructs}`];
    });
    return `export const ${exportName} = { ${fields.join(", ")} };`;
  });
  // The bare name, so the bundler picks the build (development or not) micromark itself gets.
  return [
    `import * as core from "micromark-core-commonmark";`,
    `import { resolver as resolveText } from ${JSON.stringify(textResolverFile)};`,
    ...exports,
  ].join("\n");
}
