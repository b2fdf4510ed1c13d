// One lint configuration for the whole repository: typescript-eslint everywhere, react-hooks in
// web/, and import boundaries between stack services and between web features.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const stackServices = ["auth", "rest", "realtime", "storage", "functions", "mail"];

/** A service folder may import config/, db/, gateway/ and itself, never another service. */
const stackBoundaries = stackServices.map((service) => ({
  files: [`stack/src/${service}/**/*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: stackServices
          .filter((other) => other !== service)
          .map((other) => ({
            group: [`**/${other}/*`, `**/${other}`],
            message: `stack/src/${service} must not reach into stack/src/${other}; share through config/, db/ or gateway/.`,
          })),
      },
    ],
  },
}));

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
  ...stackBoundaries,
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
