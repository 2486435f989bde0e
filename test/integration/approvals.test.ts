/**
 * Approvals (issue 18 item 5): the company setting 打刻修正の承認 turns an employee's punch correction
 * into a request (kind 'correction') that an admin approves in the 未処理 inbox; approval applies it as
 * the direct path does (day, history, audit, recompute) in one transaction with the decision, refused
 * (409) when the day changed since filing or the period is closed. Every decision can carry a reason
 * the employee sees; overtime requests carry 予定開始・予定終了; 一括承認 approves many, each on its own.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let other: TestTenant;
let me: HttpClient;
let colleague: HttpClient;
let admin: HttpClient;
let otherAdmin: HttpClient;

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** 2026-06-20 12:00 in Tokyo. */
const at = (iso = '2026-06-20T03:00:00Z') => {
  clock.now = () => new Date(iso);
};
const jst = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`).toISOString();
const myId = () => tenant.employees[0]!.id;

const putDay = (workDate: string, day: Record<string, unknown>, employeeId = myId()) =>
  db()
    .entities.AttendanceDay.put({ companyId: tenant.companyId, employeeId, workDate, ...day })
    .go();
const dayOf = async (workDate: string, employeeId = myId()) =>
  (await db().entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId, workDate }).go()).data;
/** 9:00–18:00 with a 12:00–13:00 break. */
const worked = (date: string, employeeId = myId()) =>
  putDay(
    date,
    {
      punchInAt: jst(date, '09:00'),
      punchOutAt: jst(date, '18:00'),
      breaks: [{ startAt: jst(date, '12:00'), endAt: jst(date, '13:00') }],
    },
    employeeId,
  );
const correction = (date: string, extra: Record<string, unknown>) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, punch_in_at: null, punch_out_at: null, reason: '打刻忘れ', ...extra };
};
const monthRow = async (client: HttpClient, date: string) => {
  const res = await client.get(`/api/v1/timestamps?year=${date.slice(0, 4)}&month=${Number(date.slice(5, 7))}`);
  expect(res.status).toBe(200);
  return res.body.data.days.find((d: { date: string }) => d.date === date) as { worked_minutes: number };
};
const setApproval = async (on: boolean) => {
  const res = await admin.put('/api/v1/approval_settings', { correction_approval: on });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ correction_approval: on, language: 'ja', languages: ['ja', 'en'] });
};
const pending = async (client: HttpClient = admin) => {
  const res = await client.get('/api/v1/pending_requests');
  expect(res.status).toBe(200);
  return res.body.data.requests as { id: string; request_kind: string; date: string; [k: string]: unknown }[];
};

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant({ employees: 2 }), createTenant({ employees: 1 })]);
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  colleague = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
});

describe('打刻修正の承認 (company setting)', () => {
  it('is off by default: a correction applies at once, as before', async () => {
    at();
    // Issue 31: the same screen's company default language rides along (Japanese until set).
    expect((await admin.get('/api/v1/approval_settings')).body.data).toEqual({
      correction_approval: false,
      language: 'ja',
      languages: ['ja', 'en'],
    });
    const D = '2026-06-01';
    await worked(D);
    const shown = await me.get('/api/v1/modify_timestamp?year=2026&month=6&day=1');
    expect(shown.body.data.approval_required).toBe(false);
    const res = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '19:00' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ modify_date: D, after_punch_out_at: jst(D, '19:00') });
    expect((await dayOf(D))!.punchOutAt).toBe(jst(D, '19:00'));
    expect(await pending()).toEqual([]);
    // Nothing to approve, nothing mailed.
    expect(await mailsTo(tenant.admin.email, { subject: /打刻修正申請/, atLeast: 0 })).toEqual([]);
  });

  it('when on, files a request and applies nothing until approved; approval applies it like the direct path', async () => {
    at();
    const D = '2026-06-02';
    await worked(D);
    await setApproval(true);
    try {
      expect((await me.get('/api/v1/modify_timestamp?year=2026&month=6&day=2')).body.data.approval_required).toBe(true);
      const before = await dayOf(D);
      const filed = await me.post(
        '/api/v1/modify_timestamps',
        correction(D, { punch_out_at: '20:00', breaks: [{ start_at: jst(D, '12:00'), end_at: jst(D, '12:45') }] }),
      );
      expect(filed.status).toBe(201);
      const request = filed.body.data.request;
      // The admins hear of it (request_filed), after the write.
      const [filedMail] = await mailsTo(tenant.admin.email, { subject: /打刻修正申請が届きました/ });
      expect(filedMail!.text).toContain('2026年6月2日');
      expect(request).toMatchObject({
        date: D,
        status: 0,
        reason: '打刻忘れ',
        correction: {
          before: {
            punch_in_at: jst(D, '09:00'),
            punch_out_at: jst(D, '18:00'),
            breaks: [{ start_at: jst(D, '12:00'), end_at: jst(D, '13:00') }],
          },
          after: {
            punch_in_at: jst(D, '09:00'),
            punch_out_at: jst(D, '20:00'),
            breaks: [{ start_at: jst(D, '12:00'), end_at: jst(D, '12:45') }],
          },
          breaks_changed: true,
        },
      });
      // Nothing applied: the day, the history and the month are as they were.
      expect(await dayOf(D)).toEqual(before);
      expect(
        ((await me.get('/api/v1/modify_timestamps')).body.data as { modify_date: string }[]).map((m) => m.modify_date),
      ).not.toContain(D);
      expect((await monthRow(me, D)).worked_minutes).toBe(480);
      // The employee sees it 申請中; a second correction of the same day waits for this one.
      const mine = await me.get('/api/v1/correction_requests');
      expect(mine.body.data).toEqual([request]);
      const again = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '21:00' }));
      expect(again.status).toBe(409);
      // The admin sees before and after in the inbox.
      const inbox = await pending();
      expect(inbox).toEqual([{ ...request, request_kind: 'correction' }]);

      const decided = await admin.put(`/api/v1/correction_requests/${request.id}`, { status: 1, reason: '確認済み' });
      expect(decided.status).toBe(200);
      expect(decided.body.data).toMatchObject({ status: 1, decision_reason: '確認済み' });
      // The employee hears of the decision with its reason (request_decided).
      const [decidedMail] = await mailsTo(tenant.employees[0]!.email, { subject: /打刻修正申請が承認されました/ });
      expect(decidedMail!.text).toContain('理由: 確認済み');
      const after = await dayOf(D);
      expect(after).toMatchObject({ punchInAt: jst(D, '09:00'), punchOutAt: jst(D, '20:00') });
      expect(after!.breaks).toEqual([{ startAt: jst(D, '12:00'), endAt: jst(D, '12:45') }]);
      // Same history and recompute as the direct path: 9:00–20:00 less 45 minutes.
      const history = (await me.get('/api/v1/modify_timestamps')).body.data[0];
      expect(history).toMatchObject({
        modify_date: D,
        before_punch_out_at: jst(D, '18:00'),
        after_punch_out_at: jst(D, '20:00'),
        reason: '打刻忘れ',
      });
      expect((await monthRow(me, D)).worked_minutes).toBe(615);
      const events = (await admin.get('/api/v1/audit_events')).body.data.events as {
        action: string;
        target_id?: string;
        after: { result: { status: number; modification: Record<string, unknown> } };
      }[];
      const audit = events.find((e) => e.action === 'request.correction.decide');
      expect(audit?.after.result).toMatchObject({
        status: 1,
        modification: { modifyDate: D, afterPunchOutAt: jst(D, '20:00') },
      });
      // The employee sees the decision and its reason; the day can be corrected again.
      expect((await me.get('/api/v1/correction_requests')).body.data[0]).toMatchObject({
        status: 1,
        decision_reason: '確認済み',
      });
      expect(await pending()).toEqual([]);
      const next = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '19:30' }));
      expect(next.status).toBe(201);
      expect((await me.delete(`/api/v1/correction_requests/${next.body.data.request.id}`)).status).toBe(200);
      expect(await pending()).toEqual([]);
      expect((await dayOf(D))!.punchOutAt).toBe(jst(D, '20:00'));
    } finally {
      await setApproval(false);
    }
  });

  it('reject leaves the day unchanged and the employee sees the reason', async () => {
    at();
    const D = '2026-06-03';
    await worked(D);
    await setApproval(true);
    try {
      const filed = await me.post('/api/v1/modify_timestamps', correction(D, { punch_in_at: '08:00' }));
      expect(filed.status).toBe(201);
      const before = await dayOf(D);
      const long = await admin.put(`/api/v1/correction_requests/${filed.body.data.request.id}`, {
        status: 2,
        reason: 'あ'.repeat(501),
      });
      expect(long.status).toBe(400);
      expect(long.body.errors.reason).toEqual(['理由は500文字以内で入力してください。']);
      const res = await admin.put(`/api/v1/correction_requests/${filed.body.data.request.id}`, {
        status: 2,
        reason: '出勤記録と合いません',
      });
      expect(res.status).toBe(200);
      expect(await dayOf(D)).toEqual(before);
      const [rejectedMail] = await mailsTo(tenant.employees[0]!.email, { subject: /打刻修正申請が却下されました/ });
      expect(rejectedMail!.text).toContain('理由: 出勤記録と合いません');
      expect(
        (await me.get('/api/v1/correction_requests')).body.data.find(
          (r: { id: string }) => r.id === filed.body.data.request.id,
        ),
      ).toMatchObject({
        status: 2,
        decision_reason: '出勤記録と合いません',
      });
    } finally {
      await setApproval(false);
    }
  });

  it('refuses approval (409) when the day changed since filing, or when its period is closed, writing nothing', async () => {
    at();
    const D = '2026-06-04';
    const E = '2026-05-28';
    await worked(D);
    await worked(E);
    await setApproval(true);
    try {
      const filed = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '19:00' }));
      expect(filed.status).toBe(201);
      // The day changes after filing (a punch, another admin's edit): the request no longer says what it changes.
      await putDay(D, { punchInAt: jst(D, '09:00'), punchOutAt: jst(D, '18:30'), breaks: [] });
      const snapshot = await tableSnapshot(stack.tableName);
      const stale = await admin.put(`/api/v1/correction_requests/${filed.body.data.request.id}`, { status: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain('申請後にこの日の打刻が変更された');
      expect(await tableSnapshot(stack.tableName)).toEqual(snapshot);
      // Rejecting it still works.
      expect((await admin.put(`/api/v1/correction_requests/${filed.body.data.request.id}`, { status: 2 })).status).toBe(
        200,
      );

      const late = await me.post('/api/v1/modify_timestamps', correction(E, { punch_out_at: '19:00' }));
      expect(late.status).toBe(201);
      await putPeriodClosing(tenant.companyId, {
        period: '2026-05',
        from: '2026-05-01',
        to: '2026-05-31',
        status: 'closed',
      });
      try {
        const frozen = await tableSnapshot(stack.tableName);
        const closed = await admin.put(`/api/v1/correction_requests/${late.body.data.request.id}`, { status: 1 });
        expect(closed.status).toBe(409);
        expect(closed.body.message).toContain('締め済み');
        expect(await tableSnapshot(stack.tableName)).toEqual(frozen);
        // Filing into a closed period is refused as the direct path refuses it.
        const filing = await me.post('/api/v1/modify_timestamps', correction('2026-05-29', { punch_in_at: '09:00' }));
        expect(filing.status).toBe(409);
      } finally {
        await putPeriodClosing(tenant.companyId, {
          period: '2026-05',
          from: '2026-05-01',
          to: '2026-05-31',
          status: 'reopened',
        });
      }
      expect((await me.delete(`/api/v1/correction_requests/${late.body.data.request.id}`)).status).toBe(200);
    } finally {
      await setApproval(false);
    }
  });

  it("keeps companies apart: another company's admin cannot see, decide or bulk-approve a request; employees cannot change the setting", async () => {
    at();
    const D = '2026-06-05';
    await worked(D);
    await setApproval(true);
    try {
      const filed = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '19:00' }));
      const id = filed.body.data.request.id as string;
      expect(await pending(otherAdmin)).toEqual([]);
      expect((await otherAdmin.put(`/api/v1/correction_requests/${id}`, { status: 1 })).status).toBe(404);
      const bulk = await otherAdmin.post('/api/v1/pending_requests/approve', { ids: [id] });
      expect(bulk.status).toBe(200);
      expect(bulk.body.data.approved).toEqual([]);
      expect(bulk.body.data.failed).toEqual([{ id, message: expect.any(String) }]);
      // A colleague cannot withdraw it.
      expect((await colleague.delete(`/api/v1/correction_requests/${id}`)).status).toBe(404);
      expect((await me.put('/api/v1/approval_settings', { correction_approval: false })).status).toBe(403);
      expect((await dayOf(D))!.punchOutAt).toBe(jst(D, '18:00'));
      expect((await me.delete(`/api/v1/correction_requests/${id}`)).status).toBe(200);
    } finally {
      await setApproval(false);
    }
  });
});

describe('overtime 予定開始・予定終了', () => {
  it('validates the planned times with field errors and shows them to admin and employee', async () => {
    at();
    const base = { year: 2026, month: 6, day: 10, reason: '月末処理' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ planned_start: '18:00' }, 'planned_end', '予定開始と予定終了は両方入力してください。'],
      [
        { planned_start: '25:00', planned_end: '20:00' },
        'planned_start',
        '時刻は「18:30」のように時と分で入力してください。',
      ],
      [
        { planned_start: '20:00', planned_end: '18:00' },
        'planned_end',
        '予定終了は予定開始より後の時刻を設定してください（翌日にまたがる場合は「翌日」を選択してください）。',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await me.post('/api/v1/over_work_requests', { ...base, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const holidayWork = await me.post('/api/v1/holiday_work_requests', {
      ...base,
      planned_start: '10:00',
      planned_end: '12:00',
    });
    expect(holidayWork.status).toBe(400);
    expect(holidayWork.body.errors.planned_start).toBeTruthy();

    const ok = await me.post('/api/v1/over_work_requests', {
      ...base,
      planned_start: '22:00',
      planned_end: '01:30',
      planned_end_next_day: true,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ planned_start: '22:00', planned_end: '01:30', planned_end_next_day: true });
    const forAdmin = (await admin.get('/api/v1/over_work_requests?year=2026&month=6')).body.data;
    expect(forAdmin[0]).toMatchObject({ planned_start: '22:00', planned_end: '01:30' });
    expect((await pending()).find((r) => r.id === ok.body.data.id)).toMatchObject({
      planned_start: '22:00',
      planned_end: '01:30',
    });
    // Decided with a reason: the employee reads it in the list.
    expect(
      (await admin.put(`/api/v1/over_work_requests/${ok.body.data.id}`, { status: 2, reason: '翌日に回してください' }))
        .status,
    ).toBe(200);
    expect((await me.get('/api/v1/over_work_requests')).body.data[0]).toMatchObject({
      status: 2,
      decision_reason: '翌日に回してください',
    });
  });
});

describe('一括承認 POST /api/v1/pending_requests/approve', () => {
  it('approves each request on its own and lists the failures with their reasons', async () => {
    at();
    const D = '2026-06-08';
    const S = '2026-06-09';
    await worked(D);
    await worked(S);
    await setApproval(true);
    try {
      const over = await colleague.post('/api/v1/over_work_requests', {
        year: 2026,
        month: 6,
        day: 11,
        reason: '',
        planned_start: '18:00',
        planned_end: '20:00',
      });
      const work = await colleague.post('/api/v1/holiday_work_requests', { year: 2026, month: 6, day: 14, reason: '' });
      const fix = await me.post('/api/v1/modify_timestamps', correction(D, { punch_out_at: '19:00' }));
      const staleFix = await me.post('/api/v1/modify_timestamps', correction(S, { punch_out_at: '19:00' }));
      const decided = await colleague.post('/api/v1/over_work_requests', { year: 2026, month: 6, day: 12, reason: '' });
      expect([over.status, work.status, fix.status, staleFix.status, decided.status]).toEqual([
        201, 201, 201, 201, 201,
      ]);
      await admin.put(`/api/v1/over_work_requests/${decided.body.data.id}`, { status: 2 });
      await putDay(S, { punchInAt: jst(S, '08:00'), punchOutAt: jst(S, '18:00'), breaks: [] });

      expect((await admin.post('/api/v1/pending_requests/approve', { ids: [] })).status).toBe(400);
      const tooMany = await admin.post('/api/v1/pending_requests/approve', {
        ids: Array.from({ length: 51 }, (_, i) => `x${i}`),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors.ids).toEqual(['承認する申請を1件以上50件以内で選択してください。']);

      const ids = [
        over.body.data.id,
        staleFix.body.data.request.id,
        work.body.data.id,
        decided.body.data.id,
        fix.body.data.request.id,
        'nonexistent',
      ];
      const res = await admin.post('/api/v1/pending_requests/approve', { ids, reason: 'まとめて承認' });
      expect(res.status).toBe(200);
      expect(res.body.data.approved).toEqual([over.body.data.id, work.body.data.id, fix.body.data.request.id]);
      expect(res.body.data.failed).toEqual([
        { id: staleFix.body.data.request.id, message: expect.stringContaining('申請後にこの日の打刻が変更された') },
        { id: decided.body.data.id, message: 'この申請はすでに処理されています。' },
        { id: 'nonexistent', message: expect.any(String) },
      ]);
      // Each approved one applied in full, the failed correction left as it was and still waiting.
      expect((await dayOf(D))!.punchOutAt).toBe(jst(D, '19:00'));
      expect((await dayOf(S))!.punchInAt).toBe(jst(S, '08:00'));
      expect((await pending()).map((r) => r.id)).toEqual([staleFix.body.data.request.id]);
      expect(
        (await colleague.get('/api/v1/over_work_requests')).body.data.find(
          (r: { id: string }) => r.id === over.body.data.id,
        ),
      ).toMatchObject({ status: 1, decision_reason: 'まとめて承認' });
      expect((await me.delete(`/api/v1/correction_requests/${staleFix.body.data.request.id}`)).status).toBe(200);
    } finally {
      await setApproval(false);
    }
  });
});
