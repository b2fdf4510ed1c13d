import { DOMParser } from "@xmldom/xmldom";

/**
 * Parses XML without xmldom's recovery: the root element, and the first error (warnings aside) when
 * the document is not well-formed, so callers refuse what a lenient parse would half-read.
 * @example const { root, error } = parseStrictXml(xml); if (error || !root) throw validation(...);
 */
export function parseStrictXml(xml: string): { root: Element | null; error: string | undefined } {
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: (level: string, message: unknown) => void (level !== "warning" && errors.push(String(message))),
  }).parseFromString(xml, "text/xml") as Document | undefined;
  // An empty or blank document parses to nothing at all rather than to an error.
  if (!document?.documentElement) return { root: null, error: errors[0] ?? "the document has no root element" };
  return { root: document.documentElement, error: errors[0] };
}
