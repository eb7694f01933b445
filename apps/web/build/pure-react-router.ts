import type { Plugin } from 'vite';

/**
 * React Router's production build declares its components as `var NavLink =
 * React.forwardRef(…)` and contexts as `React.createContext(…)` without a `@__PURE__` mark,
 * and names them afterwards (`NavLink.displayName = "NavLink"`). To the bundler both are side
 * effects, so every component stays in the bundle whether the app uses it or not: NavLink,
 * Form, fetcher forms, their submit helpers (about 2 kB gzip on the first screen, see
 * docs/PERFORMANCE.md, Bundle size). This marks those calls pure and drops the names (they
 * only serve React DevTools), so unused components go; the used ones are unchanged.
 */
const ROUTER_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
const DISPLAY_NAME = /^[\w$.]+\.displayName = "[^"\n]*";$/gm;
const UNMARKED_CALL = /(?<!\/\* @__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|createContext|memo)\()/g;

export function pureReactRouter(): Plugin {
  return {
    name: 'memoria:pure-react-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_BUILD },
      handler(code) {
        return {
          code: code.replace(DISPLAY_NAME, '').replace(UNMARKED_CALL, '/* @__PURE__ */ $1'),
          map: null,
        };
      },
    },
  };
}
