/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build version, set by vite.config.ts from package.json or CLEARWAY_VERSION. */
  readonly VITE_APP_VERSION?: string;
}
