/**
 * Generates (and checks) functions/domain/phone-metadata-jp.json, the Japan-only slice of
 * libphonenumber-js's full ("max") metadata that functions/domain/phone.ts passes to the
 * library's `core` functions (the package's documented "custom metadata" use). The full metadata is
 * every country's rules (~190 KB of each staff and company bundle); Japan's are ~3 KB and are copied
 * unchanged, so Japanese numbers are validated exactly as strictly as with `libphonenumber-js/max`.
 *
 *   npx tsx test/bench/phone-metadata.ts --write   # after upgrading libphonenumber-js
 *   npx tsx test/bench/phone-metadata.ts           # exits 1 when the file differs from the package
 *
 * test/unit/phone.test.ts runs the check too, so an upgrade cannot leave a stale slice behind.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { MetadataJson } from 'libphonenumber-js/core';
import { generatedFile } from './generated-file';

const ROOT = resolve(import.meta.dirname, '../..');
export const METADATA_FILE = resolve(ROOT, 'functions/domain/phone-metadata-jp.json');

export function renderMetadata(): string {
  const require = createRequire(import.meta.url);
  const full = require('libphonenumber-js/metadata.max.json') as MetadataJson;
  const jp = full.countries.JP;
  if (!jp) throw new Error('libphonenumber-js/metadata.max.json has no JP entry');
  // A country's entry starts with its calling code (81).
  const callingCode = String(jp[0]);
  const slice: MetadataJson = {
    version: full.version,
    country_calling_codes: { [callingCode]: ['JP'] },
    countries: { JP: jp },
    nonGeographic: {},
  };
  return `${JSON.stringify(slice, null, 2)}\n`;
}

const generated = generatedFile(METADATA_FILE, renderMetadata, import.meta.filename);
export const metadataIsCurrent = generated.isCurrent;
generated.main();
