/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The marketing site holding the help pages (questions-and-answers, privacy, …). */
  readonly VITE_SITE_URL?: string;
  /** Built app only: where the namespaces' JSON texts are (build/i18n-json.ts). */
  readonly I18N_JSON?: string;
}
