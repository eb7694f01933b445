/**
 * What the web build tells the server about each first screen (`boot-screens.json` beside
 * index.html): the files and texts its boot script preloads, so the HTML the server answers
 * can name them before any script runs (docs/ARCHITECTURE.md, the boot script). Screens are in
 * the order of the boot map, so `data-preloaded` names the same one on both sides.
 */
export interface BootScreens {
  /** the boot script's address, as index.html names it */
  boot: string;
  /** where the texts are: `<texts>/<locale>.json`, `<texts>/<ns>/<locale>.json` */
  texts: string;
  locales: string[];
  /** the cookie the web app sets while a full session is stored (a hint, not a credential) */
  cookie: string;
  /** the visitor's screen (`/auth`, and `/` without a session) */
  auth: string[];
  screens: Array<{ path: string; files: string[]; texts: string[] }>;
}
