/**
 * Bundled in place of `jsonschema` (see lib/constructs/bundle-options.ts). ElectroDB uses it for one
 * thing only: checking each entity model against its JSON schema when `new Entity()` runs. Our models
 * are constants, and every unbundled test run (which uses the real package) constructs all of them,
 * so an invalid model cannot reach a deployment; re-checking them on every cold start cost ~28 KB of
 * bundle and the largest single share of the module-load time (measured with --cpu-prof).
 */
export class Validator {
  customFormats: Record<string, unknown> = {};
  addSchema(): void {}
  validate(): { valid: true; errors: never[] } {
    return { valid: true, errors: [] };
  }
}
// ElectroDB registers its formats on the prototype before constructing a validator.
(Validator.prototype as unknown as { customFormats: Record<string, unknown> }).customFormats = {};
