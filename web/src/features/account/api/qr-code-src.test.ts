import { expect, it } from "vitest";
import { qrCodeSrc } from "./qr-code-src";

it("percent-encodes the raw SVG supabase-js puts in the data URL, so a # in it cannot cut the image short", () => {
  const src = qrCodeSrc(
    'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1"/></svg>',
  );
  expect(src).toBe(
    `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1"/></svg>')}`,
  );
  expect(src).not.toContain("#");
  expect(decodeURIComponent(src.slice(src.indexOf(",") + 1))).toContain('fill="#ffffff"');
});

it("keeps a data URL that is already encoded, and any other image URL", () => {
  expect(qrCodeSrc("data:image/svg+xml;utf-8,%3Csvg%2F%3E")).toBe("data:image/svg+xml;utf-8,%3Csvg%2F%3E");
  expect(qrCodeSrc("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
});
