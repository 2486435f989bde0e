/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MANUAL_URL?: string;
}
