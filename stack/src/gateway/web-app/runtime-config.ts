/**
 * `/parley-config.js`: the settings the built app needs at run time, so one build runs on any
 * server. The API is the page's own origin; only the publishable key differs per server. A script
 * file rather than inline script, so the Content-Security-Policy needs no hash or nonce.
 * @example runtimeConfigScript("sb_publishable_abc") // 'window.parleyConfig = {"publishableKey":"sb_publishable_abc"};\n'
 */
export function runtimeConfigScript(publishableKey: string): string {
  // JSON escaped for a script context: "<" never appears raw, so no "</script>" can be formed.
  const json = JSON.stringify({ publishableKey }).replace(/</g, "\\u003c");
  return `window.parleyConfig = ${json};\n`;
}
