/** One long-lived chunk per library family the entry needs, named so a reader of `dist/` sees what is what. */
const vendors: { name: string; test: RegExp }[] = [
  { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: "query", test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
  { name: "intl", test: /[\\/]node_modules[\\/](react-intl|intl-messageformat|@formatjs[\\/][^\\/]+)[\\/]/ },
  // Not in the entry: the forms and the later pages load it, and one module of the conversation
  // view imports it on use. Its own chunk, or Rolldown would put it in whichever shared chunk
  // has the same importers — once, into supabase-js's, so the sign-in form waited for both.
  { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core|mini)[\\/]/ },
];

/**
 * Rolldown `codeSplitting` groups that keep the entry's libraries out of the app's own chunks.
 * Their content changes only when a dependency is upgraded, so after an app-only release a
 * returning browser still has them cached (immutable hashed names) and downloads just the app
 * code that changed. Costs about 2 KiB gzipped over mixing them with app code.
 */
export const vendorChunkGroups = vendors.map(({ name, test }) => ({ name: `vendor-${name}`, test, priority: 1 }));
