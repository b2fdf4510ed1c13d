// One lint configuration for the whole repository: typescript-eslint everywhere, react-hooks in
// web/, and import boundaries between stack services and between web features.
import { existsSync, readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const stackServices = [
  "auth",
  "rest",
  "realtime",
  "storage",
  "functions",
  "mail",
  "oauth-emulator",
  "saml-emulator",
  "cron",
  "net",
];
const webFeatures = existsSync("web/src/features") ? readdirSync("web/src/features") : [];

/**
 * Boundaries: a stack service imports config/, db/, gateway/ and itself, never
 * another service; a web feature imports lib/, components/ and itself, never another feature, and
 * lib/ and components/ never import features or the app shell. Paths are resolved, not pattern-matched.
 */
const boundaryZones = [
  ...stackServices.map((service) => ({
    target: `./stack/src/${service}`,
    from: stackServices.filter((other) => other !== service).map((other) => `./stack/src/${other}`),
    message: `stack/src/${service} must not reach into another service; share through config/, db/ or gateway/.`,
  })),
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: webFeatures.filter((other) => other !== feature).map((other) => `./web/src/features/${other}`),
    message: "A feature must not import another feature; move what both need to lib/ or components/ui/.",
  })),
  {
    target: ["./web/src/lib", "./web/src/components"],
    from: ["./web/src/features", "./web/src/app"],
    message: "lib/ and components/ are shared: they must not depend on features or the app shell.",
  },
].filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/coverage/**",
      "supabase/functions/**",
      "supabase/.temp/**",
      "web/test-results/**",
      "web/playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["stack/**/*.ts", "web/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: boundaryZones }] },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // zod is configured (no `new Function`, for the CSP) in the module every schema takes it from;
    // lucide's icons are imported one module each.
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/lib/zod-mini.ts", "web/src/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            ...["zod", "zod/mini", "zod/v4", "zod/v4/core"].map((name) => ({
              name,
              message: "Take zod from web/src/lib/zod-mini.ts, which configures it before any schema parses.",
              allowTypeImports: true,
            })),
            {
              // Through the index, the module graph says every page reaches every icon, and the
              // build's workspace-shared chunk (web/vite/workspace-shared-chunk.ts) would import a page's.
              name: "lucide-react",
              message: 'Import each icon from its own module: import X from "lucide-react/icons/x".',
              allowTypeImports: true,
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        // The build leaves their code out (web/vite/supabase-unused-api.ts): they would throw.
        {
          selector: "MemberExpression[object.property.name='storage'][property.name=/^(vectors|analytics)$/]",
          message: "storage.vectors and storage.analytics are not part of the app's build.",
        },
        {
          selector: "MemberExpression[object.property.name='auth'][property.name='admin']",
          message:
            "auth.admin needs the service-role key, which never reaches a browser; it is not part of the app's build.",
        },
        {
          selector: "MemberExpression[property.name=/^signInWith(Web3|Ethereum|Solana)$/]",
          message: "Wallet sign-in is not part of the app's build.",
        },
        {
          selector: "MemberExpression[property.name='httpSend']",
          message: "Realtime's httpSend is not part of the app's build.",
        },
        {
          selector: "MemberExpression[object.property.name='auth'][property.name='oauth']",
          message: "auth.oauth (Supabase as an OAuth server) is not part of the app's build.",
        },
        {
          selector: "MemberExpression[object.property.name='mfa'][property.name='recoveryCodes']",
          message: "auth.mfa.recoveryCodes is not part of the app's build.",
        },
      ],
    },
  },
  {
    // The Web Push Service Worker runs in the browser's worker scope, not in Node.
    files: ["web/public/push-service-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
);
