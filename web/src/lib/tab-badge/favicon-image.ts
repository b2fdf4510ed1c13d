/** Parley's mark: a speech bubble, drawn on a 32 × 32 grid. */
const BUBBLE =
  '<path d="M6 5h20a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H14l-6 5v-5H6a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3z" fill="#4f46e5"/>';

/** The badge: a red disc at the top right (favicons are never mirrored) with the text in white. Only digits and "+" reach it. */
function badge(text: string): string {
  return (
    '<circle cx="23" cy="9" r="9" fill="#dc2626"/>' +
    `<text x="23" y="13.5" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${text.length > 1 ? 11 : 13}" font-weight="700" fill="#fff">${text}</text>`
  );
}

/**
 * The favicon as a `data:` URL of an SVG image (the app's CSP allows `img-src data:`; no script and
 * no canvas involved), with a badge when `text` is not empty.
 *
 * @example faviconUrl("3") // "data:image/svg+xml,%3Csvg…"
 */
export function faviconUrl(text: string): string {
  const safeText = /^[0-9+]*$/.test(text) ? text : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${BUBBLE}${safeText ? badge(safeText) : ""}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
