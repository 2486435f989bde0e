/**
 * Issue 29 item 12, through the API: a 振替 must be fixed before the holiday to be worked begins
 * (昭23.4.19 基収1397号: the swap day is named in advance; once the holiday has begun, work on it is
 * 休日出勤 and the rest given for it 代休). The day begins at midnight in the company's zone.
 *
 * Dates (checked with `date`): 2026-11-27 Fri, 2026-11-28 Sat, 2026-11-22 Sun, 2026-11-30 Mon,
 * 2026-12-05 Sat, 2026-12-07 Mon. Asia/Tokyo is UTC+9: 2026-11-27T15:30Z is 11-28 00:30 in Tokyo.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let staff: HttpClient;
let other: HttpClient;

const TOO_LATE =
  '振替は出勤する休日の前日までに申請してください。当日以降は休日出勤を申請し、休みは代休として申請してください';

const transfer = (who: HttpClient, date: string, workDate: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return who.post('/api/v1/holiday_requests', { kind: 2, year, month, day, work_date: workDate, reason: '' });
};

beforeAll(async () => {
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 2, name: '振替株式会社' });
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  other = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
});

describe('a 振替 is fixed before the holiday to be worked begins', () => {
  it('refuses one filed on the day off itself (Saturday 11-28, as filed), naming 休日出勤 and 代休; nothing written', async () => {
    pinClock('2026-11-28', '10:00');
    const before = await tableSnapshot(stack.tableName);
    const res = await transfer(staff, '2026-11-30', '2026-11-28');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(jaErrorBody('申請内容に不備があります。', { work_date: [TOO_LATE] }));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses it from the first minute of the day off in the company’s zone (UTC still says the day before)', async () => {
    clock.now = () => new Date('2026-11-27T15:30:00Z');
    const res = await transfer(staff, '2026-11-30', '2026-11-28');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual({ work_date: [TOO_LATE] });
  });

  it('refuses a holiday already past with the same reason', async () => {
    pinClock('2026-11-28', '10:00');
    const res = await transfer(staff, '2026-11-30', '2026-11-22');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ work_date: [TOO_LATE] });
  });

  it('takes one filed the evening before the day off, and one for a later holiday', async () => {
    pinClock('2026-11-27', '23:59');
    const eve = await transfer(staff, '2026-11-30', '2026-11-28');
    expect(eve.status, JSON.stringify(eve.body)).toBe(201);
    expect(eve.body.data).toMatchObject({ kind: 2, date: '2026-11-30', work_date: '2026-11-28', status: 0 });
    pinClock('2026-11-28', '10:00');
    const later = await transfer(other, '2026-12-07', '2026-12-05');
    expect(later.status, JSON.stringify(later.body)).toBe(201);
  });
});
