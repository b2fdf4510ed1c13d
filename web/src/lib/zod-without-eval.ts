import * as z from "zod/mini";

// zod compiles object schemas with `new Function` when it may. The app's Content-Security-Policy
// (script-src 'self', as Parley Stack's production mode sends it) forbids that; zod would only
// notice by trying, and every try is a reported CSP violation. Imported first by the entry module,
// so no schema is parsed before this runs.
z.config({ jitless: true });
