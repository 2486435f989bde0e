/** A leave request's type with its unit: 有給, 有給（午前半休）, 有給（2時間） (issue 16: 終日 shows the type alone). */
import { fmt, labelOf, t } from '../i18n';

export function leaveLabel(row: { kind?: number | undefined; unit?: string | undefined; hours?: number | null }) {
  const type = t.monthTable.leaveTypes[row.kind ?? 0] ?? '';
  const unit = row.unit ?? 'day';
  if (unit === 'day') return type;
  const text =
    unit === 'hours' ? `${row.hours ?? ''}${t.requests.hoursSuffix}` : (labelOf(t.requests.units, unit) ?? '');
  return fmt(t.requests.leaveWithUnit, { type: type, unit: text });
}
