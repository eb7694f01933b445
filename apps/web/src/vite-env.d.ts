/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The marketing site holding the help pages (questions-and-answers, privacy, …). */
  readonly VITE_SITE_URL?: string;
}
