/**
 * The company's own payroll CSV layouts (db/entities/payroll-layout.ts): one item holds them all.
 * `companyLayouts` reads it (one GetItem); `saveCompanyLayouts` writes the whole list only if nobody
 * wrote since it was read (the revision), else a ConflictError (409).
 */
import type { LayoutColumn, LayoutEncoding, TimeFormat } from '../domain/payroll-layout.js';
import { ConflictError, awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

export interface StoredPayrollLayout {
  id: string;
  name: string;
  columns: LayoutColumn[];
  time_format: TimeFormat;
  encoding: LayoutEncoding;
  updated_at: string;
}

export interface LayoutSet {
  layouts: StoredPayrollLayout[];
  /** 0 when the company has never saved one (no item). */
  revision: number;
}

export async function companyLayouts(companyId: string, service: Db = db()): Promise<LayoutSet> {
  const { data } = await service.entities.PayrollLayoutSet.get({ companyId }).go();
  if (!data) return { layouts: [], revision: 0 };
  return { layouts: data.layouts as StoredPayrollLayout[], revision: data.revision };
}

/** Writes the list read at `revision` (PutItem with a condition on the revision; 409 when it moved). */
export async function saveCompanyLayouts(
  companyId: string,
  layouts: StoredPayrollLayout[],
  revision: number,
  service: Db = db(),
): Promise<void> {
  const put = service.entities.PayrollLayoutSet.put({ companyId, layouts, revision: revision + 1 });
  const conditioned =
    revision === 0 ? put.where((a, op) => op.notExists(a.revision)) : put.where((a, op) => op.eq(a.revision, revision));
  await conditioned.go({ response: 'none' }).catch((error: unknown) => {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new ConflictError();
    throw error;
  });
}
