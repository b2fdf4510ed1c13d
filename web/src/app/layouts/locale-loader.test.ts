import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import { localeLoader, redirectToPreferredLocale } from "./locale-loader";

function loaderArgs(path: string, locale?: string): LoaderFunctionArgs {
  const url = new URL(`http://app.test${path}`);
  return { request: new Request(url), url, pattern: "/:locale/*", params: { locale }, context: undefined };
}

function preferLanguages(...languages: string[]) {
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

afterEach(() => vi.restoreAllMocks());

describe("locale routes", () => {
  it("redirects / to the browser's best supported locale", () => {
    preferLanguages("es-AR", "en");
    const response = redirectToPreferredLocale(loaderArgs("/"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/es");
  });

  it("redirects an unsupported locale prefix, keeping the path and query", async () => {
    preferLanguages("ja-JP");
    const outcome = await localeLoader(loaderArgs("/xx/channels?id=7", "xx")).catch((thrown: unknown) => thrown);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get("Location")).toBe("/ja/channels?id=7");
  });

  it("loads the catalog of a supported locale", async () => {
    const { locale, messages } = await localeLoader(loaderArgs("/ar", "ar"));
    expect(locale).toBe("ar");
    expect(messages["language.label"]).toBe("اللغة");
  });
});
