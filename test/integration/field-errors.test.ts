/**
 * Issue 14 item 4 at the API: a refused form names its field and says why, in product wording, under
 * the spec's summary message (正しい時刻を設定してください, ダウンロードに失敗しました), and writes nothing.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../functions/domain/text-limits.js';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let me: HttpClient;
let admin: HttpClient;

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '項目エラー株式会社' });
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

const RAW = /無効な|大きすぎる|小さすぎる|期待され|[A-Za-z]{2,}/;

describe('打刻修正 field errors', () => {
  const day = { year: 2026, month: 4, day: 2, punch_in_at: '09:00', punch_out_at: '18:00', reason: '' };

  it.each([
    ['a future day', { ...day, day: 25 }, { date: [MESSAGES.futureDateNotAllowed] }],
    [
      'a 3,000-character reason',
      { ...day, reason: 'あ'.repeat(3000) },
      { reason: [`${TEXT_LIMITS.reason}文字以内で入力してください`] },
    ],
    [
      'a clock-out before the clock-in',
      { ...day, punch_out_at: '08:00' },
      { punch_out_at: [MESSAGES.correctionOutBeforeIn] },
    ],
    [
      'no time at all',
      { ...day, punch_in_at: '', punch_out_at: '' },
      { punch_in_at: [MESSAGES.correctionTimesRequired] },
    ],
    [
      'a clock-in later today',
      { ...day, day: 20, punch_out_at: null, punch_in_at: '23:00' },
      { punch_in_at: [MESSAGES.futureDateNotAllowed] },
    ],
    ['a month 13', { ...day, month: 13 }, { month: ['正しい日付を選択してください'] }],
    ['an impossible time', { ...day, punch_in_at: '25:00' }, { punch_in_at: ['正しい形式で入力してください'] }],
  ])('refuses %s with the summary and the reason on its field, writing nothing', async (_, body, errors) => {
    clock.now = () => new Date('2026-04-20T03:00:00Z');
    const before = await tableSnapshot(stack.tableName);
    const res = await me.post('/api/v1/modify_timestamps', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.setCorrectTime, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('CSV download field errors', () => {
  const range = { start_year: 2025, start_month: 4, start_day: 1, end_year: 2026, end_month: 4, end_day: 2 };

  it.each([
    ['a range over a year', range, { date: [MESSAGES.rangeOverYear] }],
    ['an end before the start', { ...range, end_year: 2025, end_month: 3 }, { date: [MESSAGES.rangeEndBeforeStart] }],
    ['April 31', { ...range, end_year: 2025, end_day: 31 }, { date: [MESSAGES.nonexistentDate] }],
  ])('refuses %s with ダウンロードに失敗しました and the reason on the range', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.post('/api/v1/attendance_exports', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.downloadFailed, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('says what is wrong with a mistyped field instead of a validator text', async () => {
    const res = await admin.post('/api/v1/attendance_exports', { ...range, start_month: 'April', encoding: 'latin1' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      start_month: ['半角数字で入力してください'],
      encoding: ['選択肢から選んでください'],
    });
  });
});

describe('product wording on other routes', () => {
  it('a request with an unknown field and an over-long reason', async () => {
    const res = await me.post('/api/v1/over_work_requests', {
      year: 2026,
      month: 4,
      day: 1,
      reason: 'x'.repeat(TEXT_LIMITS.reason + 1),
      extra: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.applicationDefect);
    expect(res.body.errors).toEqual({
      reason: [`${TEXT_LIMITS.reason}文字以内で入力してください`],
      _: ['受け付けていない項目が含まれています'],
    });
    for (const list of Object.values(res.body.errors as Record<string, string[]>))
      for (const m of list) expect(m).not.toMatch(RAW);
  });
});
