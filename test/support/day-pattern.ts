/**
 * The company-wide 日勤 most schedule scenarios start from: 09:00–18:00 with a 12:00–13:00 break window,
 * the default pattern of every department and status from 2026-01-01. Written straight to the table
 * (the pattern routes have their own tests).
 */
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';

export async function seedCompanyDayPattern(companyId: string): Promise<void> {
  const { entities } = db();
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'day',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-01-01',
    patternId: 'day',
  }).go();
}
