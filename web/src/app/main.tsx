import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { authEventHub } from "../lib/auth/auth-state";
import { loadSupabase } from "../lib/supabase";
import { applyThemePreference } from "../lib/theme/theme-preference";
import { AppProviders } from "./providers";
import { AppRouter } from "./routing/app-router";
import { AppRoutes } from "./routing/app-routes";
import "./styles/global.css";

// Before the first render, so a chosen theme never flashes the system's one.
applyThemePreference();

// A stored session (or a link's code) must be read by supabase-js before the page can show who is
// signed in: start loading it now, beside the catalog. A page load that begins signed out loads it
// once the first screen is up (see AuthGate).
if (authEventHub.getSnapshot().status === "loading") void loadSupabase().catch(() => undefined);

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  </StrictMode>,
);
