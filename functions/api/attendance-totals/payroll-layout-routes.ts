/**
 * Route functions of the payroll CSV layouts (issue 18 item 2): the presets (read-only, each with the
 * page it follows) and the company's own layouts (a few, named; create, update, delete). Every change
 * rewrites the company's one layouts item on its revision (db/payroll-layouts.ts): a concurrent
 * change answers 409 and nothing is written. A name used by another of the company's layouts is a
 * 409 beside the name; an id the company does not have is a 404.
 */
import { companyLayouts, saveCompanyLayouts, type StoredPayrollLayout } from '../../db/payroll-layouts.js';
import {
  PRESET_LAYOUTS,
  fieldCatalogue,
  presetLayout,
  type LayoutColumn,
  type ResolvedLayout,
} from '../../exports/payroll-layouts.js';
import { clock } from '../../shared/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { MESSAGES } from '../../shared/messages.js';
import { LAYOUT_LIMITS, LAYOUT_MESSAGES, type PayrollLayoutBody } from './payroll-layout-schemas.js';

const view = (l: StoredPayrollLayout) => ({ ...l, preset: false as const });

export async function listLayouts(companyId: string) {
  const { layouts } = await companyLayouts(companyId);
  return {
    presets: PRESET_LAYOUTS.map((p) => ({ ...p, preset: true as const })),
    layouts: layouts.map(view),
    fields: fieldCatalogue(),
    limits: LAYOUT_LIMITS,
  };
}
export type PayrollLayoutsView = Awaited<ReturnType<typeof listLayouts>>;
export type PayrollLayoutView = ReturnType<typeof view>;

const sameName = (a: string, b: string) => a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();

function nameTaken(layouts: StoredPayrollLayout[], name: string, except?: string) {
  if (layouts.some((l) => l.id !== except && sameName(l.name, name)))
    throw new ConflictError(LAYOUT_MESSAGES.nameTaken, { name: [LAYOUT_MESSAGES.nameTaken] });
}

const stored = (id: string, body: PayrollLayoutBody): StoredPayrollLayout => ({
  id,
  name: body.name,
  columns: body.columns.map((c) => ({ field: c.field, header: c.header })),
  time_format: body.time_format,
  encoding: body.encoding,
  updated_at: clock.now().toISOString(),
});

export async function createLayout(companyId: string, body: PayrollLayoutBody) {
  const { layouts, revision } = await companyLayouts(companyId);
  nameTaken(layouts, body.name);
  if (layouts.length >= LAYOUT_LIMITS.layouts) throw new ConflictError(LAYOUT_MESSAGES.tooMany);
  const layout = stored(newId(), body);
  await saveCompanyLayouts(companyId, [...layouts, layout], revision);
  return view(layout);
}

export async function updateLayout(companyId: string, id: string, body: PayrollLayoutBody) {
  const { layouts, revision } = await companyLayouts(companyId);
  if (!layouts.some((l) => l.id === id)) throw new NotFoundError();
  nameTaken(layouts, body.name, id);
  const layout = stored(id, body);
  await saveCompanyLayouts(
    companyId,
    layouts.map((l) => (l.id === id ? layout : l)),
    revision,
  );
  return view(layout);
}

export async function deleteLayout(companyId: string, id: string) {
  const { layouts, revision } = await companyLayouts(companyId);
  if (!layouts.some((l) => l.id === id)) throw new NotFoundError();
  await saveCompanyLayouts(
    companyId,
    layouts.filter((l) => l.id !== id),
    revision,
  );
  return { id, deleted: true };
}

/**
 * The layout an export names: a preset, or one of the company's own (as it is now: the job keeps this
 * copy, so an edit while the file is written changes nothing). Unknown: 400 beside `layout`.
 */
export async function resolveLayout(companyId: string, ref: string): Promise<ResolvedLayout> {
  const preset = presetLayout(ref);
  if (preset) {
    const { id, name, columns, time_format, encoding, missing } = preset;
    return { id, name, columns, time_format, encoding, missing };
  }
  const own = (await companyLayouts(companyId)).layouts.find((l) => l.id === ref);
  if (!own) throw new ValidationError(MESSAGES.downloadFailed, { layout: [LAYOUT_MESSAGES.layout] });
  const { id, name, columns, time_format, encoding } = own;
  // Stored columns name fields the schema accepted (PAYROLL_FIELD_IDS).
  return { id, name, columns: columns as LayoutColumn[], time_format, encoding };
}
