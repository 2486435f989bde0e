/**
 * The demo seed (`npm start`) shows issue 15 item 9: 佐藤 has an approved 振替休日 last month, so the
 * Sunday worked is an ordinary working day in her month and the Wednesday the 振替休日.
 */
import { describe, expect, it } from 'vitest';
import { computeEmployeeMonth } from '../../functions/db/summaries.js';
import { employeeRequests } from '../../functions/db/requests.js';
import { useTestStack } from '../support/stack.js';
import { seedDemo } from '../../lib/local/seed.js';

useTestStack();
const COMPANY = '01jx7demc0mpany00000000000';
const SATO = '01jx7deme00000000000000001';
const SUZUKI = '01jx7deme00000000000000002';

describe('demo seed', () => {
  it('has an approved 振替 for 佐藤 last month: the Sunday is worked as a working day, the Wednesday off', async () => {
    // Fixed "now" (Tue 24 Nov 2026, Tokyo): last month is October 2026, whose first Sunday with a
    // working Wednesday is 4 Oct (Wed 7 Oct).
    await seedDemo(new Date('2026-11-24T03:00:00Z'));
    const [request] = (await employeeRequests(COMPANY, SATO, 'holiday')).filter((r) => r.leaveType === 2);
    expect(request).toMatchObject({ date: '2026-10-07', workDate: '2026-10-04', status: 1 });
    const month = await computeEmployeeMonth({
      companyId: COMPANY,
      employeeId: SATO,
      timeZone: 'Asia/Tokyo',
      year: 2026,
      month: 10,
    });
    const sunday = month.days.find((d) => d.workDate === '2026-10-04')!;
    expect(sunday.workedMinutes).toBeGreaterThan(0);
    expect(sunday.legalHolidayWorkMinutes).toBe(0);
    expect(sunday.calendar).toMatchObject({ isDayOff: false, transfer: { role: 'working', partner: '2026-10-07' } });
    const wednesday = month.days.find((d) => d.workDate === '2026-10-07')!;
    expect(wednesday).toMatchObject({ leaveType: 2, workedMinutes: 0 });
    expect(wednesday.calendar.isDayOff).toBe(true);
    expect(month.totals.transferHolidayDays).toBe(1);
  });

  it('has an approved 午前半休 for 鈴木 on the next working day, stored on the day as half a day (issue 16)', async () => {
    // Seeded by the test above (now = Tue 24 Nov 2026): the next working day is Wed 25 Nov.
    const [half] = (await employeeRequests(COMPANY, SUZUKI, 'holiday')).filter((r) => r.leaveUnit === 'am');
    expect(half).toMatchObject({ date: '2026-11-25', leaveType: 0, status: 1 });
    const month = await computeEmployeeMonth({
      companyId: COMPANY,
      employeeId: SUZUKI,
      timeZone: 'Asia/Tokyo',
      year: 2026,
      month: 11,
    });
    expect(month.days.find((d) => d.workDate === '2026-11-25')).toMatchObject({
      leaveType: 0,
      leaveUnit: 'am',
      leaveDays: 0.5,
    });
  });
});
