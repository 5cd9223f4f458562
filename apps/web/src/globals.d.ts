/** The storefront build's id, set by vite.config.ts. */
declare const __BUILD_ID__: string;
