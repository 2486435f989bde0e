// Types of eslint.config.js for the TypeScript code that imports it (test/unit/lint-boundaries.test.ts).
import type { Linter } from 'eslint';

/** The layer map of functions/README.md as eslint-plugin-boundaries settings and policies. */
export declare const boundariesConfig: Linter.Config[];

declare const config: Linter.Config[];
export default config;
