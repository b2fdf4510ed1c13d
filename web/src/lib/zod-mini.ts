import * as z from "zod/mini";

// zod compiles object schemas with `new Function` when it may. The app's Content-Security-Policy
// (script-src 'self', as Parley Stack's production mode sends it) forbids that; zod would only
// notice by trying, and every try is a reported CSP violation. Every module takes zod from here
// (lint refuses "zod/mini" elsewhere), so this runs before any schema is parsed — and zod loads
// with the first module that uses it, not with the entry (a conversation's first screen uses none).
z.config({ jitless: true });

export { z };
