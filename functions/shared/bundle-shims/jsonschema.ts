/**
 * Bundled in place of `jsonschema` (see lib/constructs/bundle-options.ts). ElectroDB uses it for two
 * things: checking each entity model against its JSON schema when `new Entity()` runs, and telling a
 * model definition from an Entity instance when a Service is built (`getInstanceType` asks "is this a
 * valid model?"). Our models are constants, and every unbundled test run (which uses the real package)
 * constructs all of them, so an invalid model cannot reach a deployment; re-checking them on every cold
 * start cost ~28 KB of bundle and the largest single share of the module-load time (measured with
 * --cpu-prof). The second use must still answer "no" for ElectroDB's own instances, which carry an
 * `_instance` marker and which the real schemas reject. test/infra/bundle-shims.test.ts builds ElectroDB
 * with this shim and with the real package and compares them on the project's models (accepted alike,
 * Entity and Service instances refused alike, the same transaction built); dropping the shim was measured
 * at +28 KB and 1.6-1.8x the baseline's load CPU (over the 1.3x budget). bundled-handlers.test.ts runs
 * the bundles' transactions against DynamoDB Local.
 */
const NOT_A_MODEL = {
  valid: false,
  errors: [{ property: 'instance', message: 'is an ElectroDB instance, not a model' }],
};

export class Validator {
  customFormats: Record<string, unknown> = {};
  addSchema(): void {}
  validate(instance: unknown): { valid: boolean; errors: { property: string; message: string }[] } {
    const electroInstance = typeof instance === 'object' && instance !== null && '_instance' in instance;
    return electroInstance ? NOT_A_MODEL : { valid: true, errors: [] };
  }
}
// ElectroDB registers its formats on the prototype before constructing a validator.
(Validator.prototype as unknown as { customFormats: Record<string, unknown> }).customFormats = {};
