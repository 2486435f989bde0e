/**
 * Request mails (issue 18 item 6) through the real handlers: filing a request mails the company's
 * admins, a decision mails the employee, each with the link to the page to act on; an opt-out set
 * through /api/v1/mail_settings is honoured and a bad opt-out is a 400 that writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { workingDay } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();

let tenant: TestTenant;
let admin: HttpClient;
let employee: HttpClient;
const [year, month] = testToday().split('-').map(Number) as [number, number];

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '通知株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

describe('request mails', () => {
  it('filing mails the admins, deciding mails the employee, with links to the request pages', async () => {
    const day = workingDay(year, month, 3);
    const filed = await employee.post('/api/v1/over_work_requests', { year, month, day, reason: '月末処理' });
    expect(filed.status).toBe(201);
    const [toAdmin] = await mailsTo(tenant.admin.email, { subject: /残業申請が届きました/ });
    expect(toAdmin!.subject).toBe('【勤怠管理】社員 1号さんから残業申請が届きました');
    expect(toAdmin!.text).toContain(`対象日: ${year}年${month}月${day}日`);
    expect(toAdmin!.text).toContain('http://127.0.0.1:3000/management/requests');

    expect((await admin.put(`/api/v1/over_work_requests/${filed.body.data.id}`, { status: 2 })).status).toBe(200);
    const [decided] = await mailsTo(tenant.employees[0]!.email, { subject: /残業申請が却下されました/ });
    expect(decided!.to).toEqual([tenant.employees[0]!.email.toLowerCase()]);
    expect(decided!.text).toContain(`${year}年${month}月${day}日の残業申請が却下されました。`);
    expect(decided!.text).toContain('http://127.0.0.1:3000/employees/requests');
  });

  it('honours the opt-out each user sets on their own settings; a wrong kind is a 400', async () => {
    expect((await employee.get('/api/v1/mail_settings')).body.data).toMatchObject({ mail_opt_out: [] });
    const bad = await employee.put('/api/v1/mail_settings', { mail_opt_out: ['welcome'] });
    expect(bad.status).toBe(400);
    expect((await employee.get('/api/v1/mail_settings')).body.data.mail_opt_out).toEqual([]);

    expect((await admin.put('/api/v1/mail_settings', { mail_opt_out: ['request_filed'] })).status).toBe(200);
    expect((await employee.put('/api/v1/mail_settings', { mail_opt_out: ['request_decided'] })).status).toBe(200);
    expect((await admin.get('/api/v1/mail_settings')).body.data.mail_opt_out).toEqual(['request_filed']);

    const before = {
      admin: (await mailsTo(tenant.admin.email, { atLeast: 0 })).length,
      employee: (await mailsTo(tenant.employees[0]!.email, { atLeast: 0 })).length,
    };
    const day = workingDay(year, month, 4);
    const filed = await employee.post('/api/v1/holiday_work_requests', { year, month, day, reason: '' });
    expect(filed.status).toBe(201);
    expect((await admin.put(`/api/v1/holiday_work_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(200);
    // notify has finished (SMTP accepted or nothing sent) before each handler answered.
    expect(await mailsTo(tenant.admin.email, { atLeast: 0 })).toHaveLength(before.admin);
    expect(await mailsTo(tenant.employees[0]!.email, { atLeast: 0 })).toHaveLength(before.employee);

    // Turned on again: the next decision is mailed.
    expect((await employee.put('/api/v1/mail_settings', { mail_opt_out: [] })).status).toBe(200);
    const again = await employee.post('/api/v1/holiday_work_requests', {
      year,
      month,
      day: workingDay(year, month, 5),
      reason: '',
    });
    expect((await admin.put(`/api/v1/holiday_work_requests/${again.body.data.id}`, { status: 1 })).status).toBe(200);
    expect(await mailsTo(tenant.employees[0]!.email, { subject: /休日出勤申請が承認されました/ })).toHaveLength(1);
  });
});
