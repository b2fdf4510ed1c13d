/**
 * Rolldown tree-shaking rules for packages that do not declare `"sideEffects": false` although
 * their modules only declare things (checked for every module: no import for effect alone, no
 * statement at module level that matters once its exports are unused; auth-js's one,
 * `polyfillGlobalThis()` in GoTrueClient, runs whenever the client is built). Without the rule a
 * static import of one small helper (`isAuthApiError`) keeps every module of the package beside
 * it, so the whole of supabase-js would be in the entry although the client itself is loaded
 * with `import()`. supabase-js and storage-js declare it themselves.
 */
export const sideEffectFreePackages = [
  {
    test: /[\\/]node_modules[\\/]@supabase[\\/](auth-js|functions-js|realtime-js|postgrest-js|phoenix)[\\/]/,
    sideEffects: false,
  },
];
