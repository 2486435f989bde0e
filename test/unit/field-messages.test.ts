/**
 * Issue 14 item 4: every field error a person can see is in product wording. Walks every zod schema the
 * API modules export (request bodies, queries, params and the shared pieces), feeds each field wrong
 * values, and checks no message is one of zod's own texts (無効な入力, 大きすぎる値: string…) or English.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../functions/shared/errors.js';
import { FIELD_MESSAGES } from '../../functions/shared/field-messages.js';
// The request pipeline installs the product wording (z.config) when it loads, as every handler does.
import '../../functions/shared/middleware.js';
import { CorrectionSchema } from '../../functions/api/modify-timestamps/create-modify-timestamp.js';
import { AttendanceExportSchema } from '../../functions/api/attendance-exports/create-attendance-export.js';
import { NewRequestSchema } from '../../functions/api/request-routes.js';
import { TEXT_LIMITS } from '../../functions/domain/text-limits.js';
import { applyUnitEnv } from '../support/unit-env.js';

applyUnitEnv();

type Schema = z.core.$ZodType;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

const modules = import.meta.glob(['../../functions/{api,domain,services}/**/*.ts', '!**/*.d.ts'], { eager: true });

/** Every exported zod schema, by `file#export`. */
function exportedSchemas(): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod as Record<string, unknown>)) {
      if (isSchema(value)) out.push([`${file.replace('../../', '')}#${name}`, value]);
    }
  }
  return out;
}

const WRONG: unknown[] = [
  undefined,
  null,
  true,
  -99999,
  99999,
  1.5,
  '',
  'x',
  'あ'.repeat(6000),
  '2026-13-45',
  [],
  [1, 2],
  {},
];

/** The object shape of a schema when it has one (through pipes and checks). */
function shapeOf(schema: Schema): Record<string, Schema> | null {
  const def = schema._zod.def as { shape?: Record<string, Schema>; in?: Schema; innerType?: Schema };
  if (def.shape) return def.shape;
  if (def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return null;
}

function messagesOf(schema: Schema): string[] {
  const inputs: unknown[] = [...WRONG];
  const shape = shapeOf(schema);
  if (shape) {
    const keys = Object.keys(shape);
    inputs.push({ unexpected_field: 1 });
    for (const key of keys) for (const value of WRONG) inputs.push({ [key]: value });
    for (const value of WRONG) inputs.push(Object.fromEntries(keys.map((k) => [k, value])));
  }
  const messages = new Set<string>();
  for (const input of inputs) {
    const result = z.safeParse(schema, input);
    if (!result.success)
      for (const list of Object.values(fieldErrors(result.error))) list.forEach((m) => messages.add(m));
  }
  return [...messages];
}

// zod's locale texts (ja and en) and anything with a Latin word in it.
const RAW = /無効な|大きすぎる|小さすぎる|期待され|認識されていない|必要があります|のいずれか|[A-Za-z]{2,}/;

describe('field error wording', () => {
  const schemas = exportedSchemas();

  it('finds the request schemas to walk', () => {
    expect(schemas.length).toBeGreaterThan(20);
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'functions/api/modify-timestamps/create-modify-timestamp.ts#CorrectionSchema',
        'functions/api/attendance-exports/create-attendance-export.ts#AttendanceExportSchema',
      ]),
    );
  });

  it('never shows zod or English texts for wrong values in any exported schema', () => {
    const raw: string[] = [];
    let seen = 0;
    for (const [name, schema] of schemas) {
      for (const message of messagesOf(schema)) {
        seen += 1;
        if (RAW.test(message)) raw.push(`${name}: ${message}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(raw).toEqual([]);
  });

  it('says how long a text may be, what a wrong date is and what a missing field needs', () => {
    const reason = z.safeParse(CorrectionSchema, { year: 2026, month: 4, day: 1, reason: 'あ'.repeat(3000) });
    expect(reason.success || fieldErrors(reason.error)).toEqual({
      reason: [`${TEXT_LIMITS.reason}文字以内で入力してください`],
    });
    const month = z.safeParse(NewRequestSchema, { year: 2026, month: 13, day: 1 });
    expect(month.success || fieldErrors(month.error)).toEqual({ month: ['正しい日付を選択してください'] });
    const feb30 = z.safeParse(NewRequestSchema, { year: 2026, month: 2, day: 30 });
    expect(feb30.success || fieldErrors(feb30.error)).toEqual({ day: ['存在しない日付です'] });
    const missing = z.safeParse(AttendanceExportSchema, { start_year: 2026 });
    expect(missing.success || fieldErrors(missing.error)).toMatchObject({ start_month: [FIELD_MESSAGES.required] });
    const extra = z.safeParse(NewRequestSchema, { year: 2026, month: 4, day: 1, extra: 1 });
    expect(extra.success || fieldErrors(extra.error)).toEqual({ _: [FIELD_MESSAGES.unknownField] });
  });
});
