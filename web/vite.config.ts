import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { bundleReport } from "./vite/bundle-report.ts";
import { catalogParts } from "./vite/catalog-parts.ts";
import { clientLoaderChunkGroup } from "./vite/client-loader-chunk.ts";
import { chatMarkdownConstructs } from "./vite/chat-markdown-constructs.ts";
import { emojiData } from "./vite/emoji-data.ts";
import { vendorChunkGroups } from "./vite/vendor-chunks.ts";
import { passwordPolicyFromConfig } from "./vite/password-policy.ts";
import { precompileMessages } from "./vite/precompile-messages.ts";
import { reactRouterTreeShaking } from "./vite/react-router-tree-shaking.ts";
import { sideEffectFreePackages } from "./vite/side-effect-free-packages.ts";
import { supabaseUnusedApi } from "./vite/supabase-unused-api.ts";
import { workspaceSharedChunk } from "./vite/workspace-shared-chunk.ts";

const workspaceShared = workspaceSharedChunk();

// One config for the dev server, the production build, `vite preview` and the unit tests.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    catalogParts(),
    chatMarkdownConstructs(),
    emojiData(),
    reactRouterTreeShaking(),
    supabaseUnusedApi(),
    precompileMessages(),
    passwordPolicyFromConfig(fileURLToPath(new URL("../supabase/config.toml", import.meta.url))),
    workspaceShared.plugin,
    ...bundleReport(mode),
  ],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    target: "es2023",
    // Every browser that runs ES2023 but lacks <link rel="modulepreload"> (Safari before 17) still
    // loads each chunk through its imports, only without the head start; the polyfill was 0.3 KiB
    // gz of every first screen.
    modulePreload: { polyfill: false },
    // Source maps (with every module's source) only for analysis (`npm run analyze`): an ordinary
    // build, the one a server deploys, names no map and writes none, so the app's sources stay
    // unpublished.
    sourcemap: mode === "analyze",
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffectFreePackages },
      output: { codeSplitting: { groups: [...vendorChunkGroups, ...workspaceShared.groups, clientLoaderChunkGroup] } },
    },
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
  },
}));
