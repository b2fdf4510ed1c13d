// First: configures zod before any module parses with it (see the file).
import "../lib/zod-without-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { applyThemePreference } from "../lib/theme/theme-preference";
import { AppProviders } from "./providers";
import { routes } from "./routes";
import "./styles/global.css";

// Before the first render, so a chosen theme never flashes the system's one.
applyThemePreference();

const router = createBrowserRouter(routes);
const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
