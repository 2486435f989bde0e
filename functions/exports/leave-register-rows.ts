/**
 * Rows of the 年次有給休暇管理簿 CSV (施行規則 24条の7): per employee and base date, the days
 * granted, the dates and days taken and the balance, for every staff member with paid leave
 * records — retired staff included, since the register is kept five years. Header row first.
 * Reads are one Query each for staff, grants and leave requests, whatever the company's size.
 */
import { gojuonOrder } from '../domain/staff-identity.js';
import { companyById } from '../db/companies.js';
import { companyGrants, companyLeaveRequests, takingsOf, leaveGrantsOf } from '../db/paid-leave.js';
import { allStaff } from '../db/staff.js';
import { daysAndHours, registerRows } from '../domain/paid-leave/index.js';
import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import type { Cell } from './csv.js';

export interface LeaveRegisterParams {
  /** Register as of this company-local date (default: today in the company's zone). */
  asOf?: string | undefined;
  /** Only these staff members (default: everyone with a grant or a paid-leave request). */
  employeeIds?: readonly string[] | undefined;
}

const LEAVE_REGISTER_HEADER = [
  'スタッフID',
  '氏名',
  '在籍',
  '入社日',
  '基準日',
  '付与日数',
  '法定外付与日数',
  '有効期限',
  '対象期間（開始）',
  '対象期間（終了）',
  '取得日',
  '取得日数',
  '残日数',
] as const;

const takenDates = (taken: readonly { date: string; days: number; hours?: number | undefined }[]) =>
  taken
    .map((t) =>
      t.hours !== undefined ? `${t.date}（${t.hours}時間）` : t.days === 1 ? t.date : `${t.date}（${t.days}日）`,
    )
    .join(' ');

const daysHoursText = (v: { days: number; hours: number }) => (v.hours ? `${v.days}日と${v.hours}時間` : v.days);

function byEmployee<T extends { employeeId: string }>(xs: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(x.employeeId, [...(m.get(x.employeeId) ?? []), x]);
  return m;
}

const orderKey = (m: { lastName: string; firstName: string; employeeId: string; nameKana?: string | undefined }) => ({
  nameKana: m.nameKana,
  name: `${m.lastName} ${m.firstName}`,
  id: m.employeeId,
});

export async function* leaveRegisterRows(companyId: string, params: LeaveRegisterParams = {}): AsyncGenerator<Cell[]> {
  const [company, staff, grants, requests] = await Promise.all([
    companyById(companyId),
    allStaff(companyId),
    companyGrants(companyId),
    companyLeaveRequests(companyId),
  ]);
  const asOf = params.asOf ?? today(company.timeZone, clock.now());
  const wanted = params.employeeIds ? new Set(params.employeeIds) : null;
  yield [...LEAVE_REGISTER_HEADER];
  const people = staff
    .filter((m) => !wanted || wanted.has(m.employeeId))
    // 五十音 order by フリガナ (issue 18), as the staff list.
    .sort((a, b) => gojuonOrder(orderKey(a), orderKey(b)));
  const grantsOf = byEmployee(grants);
  const requestsOf = byEmployee(requests);
  for (const m of people) {
    const mine = leaveGrantsOf(grantsOf.get(m.employeeId) ?? []);
    const { approved } = takingsOf(requestsOf.get(m.employeeId) ?? []);
    const rows = registerRows(mine, approved, asOf);
    // 時間単位年休: days taken and the balance read "1.5日と2時間" / "8日と2時間" (a day's worth being that
    // of the latest hourly taking); without hourly leave the cells stay plain numbers of days.
    const dayHours = approved.filter((t) => t.dayHours !== undefined).at(-1)?.dayHours ?? null;
    const name = `${m.lastName} ${m.firstName}`;
    for (const r of rows) {
      yield [
        m.employeeId,
        name,
        m.status === 'active' ? '在籍' : '退職',
        m.hireDate ?? '',
        r.baseDate ?? '',
        r.daysGranted,
        r.extraDaysGranted,
        r.expiresOn ?? '',
        r.periodFrom,
        r.periodTo ?? '',
        takenDates(r.taken),
        r.hoursTaken ? `${r.daysTaken}日と${r.hoursTaken}時間` : r.daysTaken,
        dayHours === null ? r.balance : daysHoursText(daysAndHours(r.balance, dayHours)),
      ];
    }
  }
}
