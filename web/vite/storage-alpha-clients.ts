import type { Plugin } from "vite";

const storageBuild = /[\\/]node_modules[\\/]@supabase[\\/]storage-js[\\/]dist[\\/]index\.mjs$/;

/** `get vectors() { return new StorageVectorsClient(…); }` and `get analytics() { … }` of `StorageClient`. */
const alphaGetter =
  /(\tget (vectors|analytics)\(\) \{\n)(\t\treturn new Storage(?:Vectors|Analytics)Client\([\s\S]*?\);)(\n\t\})/g;

/**
 * supabase-js builds a storage client with every page that uses Supabase, and storage-js's client
 * reaches its two public-alpha parts through getters: `storage.vectors` (vector buckets) and
 * `storage.analytics` (Iceberg analytics buckets, with iceberg-js). A getter keeps its class in
 * the bundle whether called or not: about a third of storage-js plus iceberg-js, on every
 * conversation's first screen. Parley uses neither (lint refuses both, `eslint.config.js`), so
 * each getter here throws instead, and the bundler drops the classes only they reached. Lines
 * stay where they were, so the source map still points at the right line. If an upgrade writes
 * these differently the pattern matches nothing and the build is as before, only larger.
 */
export function storageAlphaClients(): Plugin {
  return {
    name: "parley-storage-alpha-clients",
    apply: "build",
    transform: {
      filter: { id: storageBuild },
      handler(code) {
        const trimmed = withoutAlphaClients(code);
        return trimmed === code ? null : { code: trimmed, map: null };
      },
    },
  };
}

/** storage-js's build with both alpha getters throwing, on the lines they took. */
export function withoutAlphaClients(code: string): string {
  return code.replace(alphaGetter, (_, head: string, name: string, body: string, tail: string) => {
    const lines = "\n".repeat(body.split("\n").length - 1);
    return `${head}\t\tthrow new Error("supabase.storage.${name} is not part of Parley's build");${lines}${tail}`;
  });
}
