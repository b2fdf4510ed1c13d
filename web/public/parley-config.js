// Run-time settings of the app. A server that serves the built app (Parley Stack's production
// mode) answers this path with `window.parleyConfig = { publishableKey }`; the API is then the
// page's own origin. This copy sets nothing, so the build's VITE_SUPABASE_* settings apply.
