const svgPrefix = /^data:image\/svg\+xml;(?:charset=)?utf-8,/i;

/**
 * The QR code supabase-js returns (`data:image/svg+xml;utf-8,<svg…>`, the SVG pasted in as is) as
 * an `<img src>` every browser renders: a raw `#` in the SVG (`fill="#000"`) would otherwise end
 * the URL at a fragment and break the image, so the SVG is percent-encoded. Anything else is kept.
 *
 * @example qrCodeSrc('data:image/svg+xml;utf-8,<svg fill="#000"/>') // "data:image/svg+xml;charset=utf-8,%3Csvg%20fill%3D%22%23000%22%2F%3E"
 */
export function qrCodeSrc(qrCode: string): string {
  const match = svgPrefix.exec(qrCode);
  if (!match) return qrCode;
  const svg = qrCode.slice(match[0].length);
  // Already percent-encoded (no raw markup): leave it alone.
  if (!svg.trimStart().startsWith("<")) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
