import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { PreferredLocaleRedirect } from "./preferred-locale-redirect";

function preferLanguages(...languages: string[]) {
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<PreferredLocaleRedirect />} />
        <Route path="/xx/*" element={<PreferredLocaleRedirect />} />
        <Route path="*" element={<ShowLocation />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("locale redirects", () => {
  it("redirects / to the browser's best supported locale", async () => {
    preferLanguages("es-AR", "en");
    renderAt("/");
    expect((await screen.findByTestId("location")).textContent).toBe("/es");
  });

  it("redirects an unsupported locale prefix, keeping the path and query", async () => {
    preferLanguages("ja-JP");
    renderAt("/xx/channels?id=7");
    expect((await screen.findByTestId("location")).textContent).toBe("/ja/channels?id=7");
  });
});
