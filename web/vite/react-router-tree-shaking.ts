import type { Plugin } from "vite";

const routerBuild = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;

/**
 * react-router ships one module for all its modes, and it keeps every component in it, used or
 * not: each is made by a call the bundler cannot tell is pure (`React.forwardRef(…)`), then named
 * for the developer tools (`Form.displayName = "Form"`), a property write the bundler keeps. So
 * `<Form>`, `<ScrollRestoration>`, the fetchers and `<Link>`'s framework-mode prefetching stayed in
 * every page although the app uses none of them. This marks those calls pure (React's
 * `forwardRef` and `createContext` are) and drops the names — seen only in React's developer
 * tools — so what the app does not import goes; about 4 KiB gzipped with the app's own links
 * (`LocaleLink`, `LocaleNavLink`) in place of `<Link>`/`<NavLink>`. Lines stay where they were,
 * so the source map still points at the right line. If an upgrade writes these differently the
 * patterns match nothing and the build is as before, only larger.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: "parley-react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: routerBuild },
      handler(code) {
        const shaken = code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
          .replace(/= (React\d*)\.(forwardRef|createContext)\(/g, "= /* @__PURE__ */ $1.$2(");
        return shaken === code ? null : { code: shaken, map: null };
      },
    },
  };
}
