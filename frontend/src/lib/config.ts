/**
 * The operation manual lives outside the app. Placeholder until the product owner publishes the
 * real address; override at build time with VITE_MANUAL_URL.
 */
export const MANUAL_URL: string = import.meta.env.VITE_MANUAL_URL || 'https://example.com/kintai/manual';
