/**
 * A Rolldown `codeSplitting` group for what every page's first screen loads beside the entry: the
 * supabase-js loader (`src/lib/supabase.ts`, with the run-time config it reads) and Vite's preload
 * helper, which every `import()` calls. Left to itself, Rolldown gave the helper a chunk of its own
 * (0.8 KiB gz, one more request on the sign-in form and a conversation) once the conversation's
 * lazy parts used it from several chunks; in one chunk with the loader it compresses to 0.1 KiB more.
 */
export const clientLoaderChunkGroup = {
  name: "client-loader",
  test: /vite[\\/]preload-helper|[\\/]src[\\/]lib[\\/](supabase|backend-config|value-guards|auth[\\/]stored-session)\.ts$/,
};
