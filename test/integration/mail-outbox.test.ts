/**
 * The mail outbox (issue 30 item 12): every mail is stored before it is sent, a send the mail server
 * does not take is tried again with a growing wait, admins see how each of their company's mails went
 * (メール送信状況, with 再送 for a failed one), the operator sees the platform's, and nothing is sent twice.
 *
 * The mail server here is the test's own (test/support/mail.ts ownMailServer): stopped to play an
 * outage, started again on the same port. The retries run as `npm start` runs them
 * (lib/local/mail-outbox-timer.ts, the EventBridge schedule's code) or, for the long waits, by calling
 * the scheduled run itself at chosen instants.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimMail, storeMails } from '../../functions/db/mail-outbox.js';
import { runMailOutbox } from '../../functions/services/mail-outbox.js';
import { prepareMails } from '../../functions/services/notify.js';
import { clock } from '../../functions/shared/clock.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { sendMail } from '../../functions/shared/mail.js';
import { openText } from '../../functions/shared/signing.js';
import { startMailOutboxTimer, type MailOutboxTimer } from '../../lib/local/mail-outbox-timer.js';
import type { HttpClient } from '../support/http-client.js';
import { createHttpClient } from '../support/http-client.js';
import { ownMailServer } from '../support/mail.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { ambientClock, pinSuiteDate, testNow } from '../support/test-clock.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';

// A Wednesday: nothing here depends on the kind of day.
pinSuiteDate('2026-11-25', '10:00');

const stack = useTestStack();

let mail: Awaited<ReturnType<typeof ownMailServer>>;
let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let otherAdmin: HttpClient;
let employee: HttpClient;

beforeAll(async () => {
  mail = await ownMailServer();
  [tenant, other] = await Promise.all([
    createTenant({ employees: 2, name: '送信箱株式会社' }),
    createTenant({ employees: 1, name: '別会社' }),
  ]);
  [admin, otherAdmin, employee] = await Promise.all([
    signIn(stack.baseUrl, 'admin', tenant.admin),
    signIn(stack.baseUrl, 'admin', other.admin),
    signIn(stack.baseUrl, 'employee', tenant.employees[0]!),
  ]);
});

afterAll(async () => {
  await mail.close();
});

/** Moves the domain clock `minutes` ahead (it runs on from there). */
const advance = (minutes: number) => {
  clock.now = ambientClock(new Date(testNow().getTime() + minutes * 60_000));
};

const outbox = async (client: HttpClient = admin) => {
  const res = await client.get('/api/v1/mail_outbox');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    id: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    error: string | null;
    error_detail: string | null;
    attempts: number;
    created_at: string;
    last_attempt_at: string | null;
    sent_at: string | null;
    next_attempt_at: string | null;
    can_resend: boolean;
  }[];
};

const [year, month] = [2026, 11];
let day = 2;
/** Files an overtime request for the next day of November (a new date each time: no duplicate). */
const fileOvertime = () => employee.post('/api/v1/over_work_requests', { year, month, day: day++ });

describe('a request filed while the mail server is down', () => {
  let timer: MailOutboxTimer;
  afterAll(async () => {
    await timer?.stop();
    await mail.up();
  });

  it('succeeds, shows the mail as 再送待ち, and the mail arrives once after the server is back', async () => {
    await mail.down();
    const filed = await fileOvertime();
    expect(filed.status).toBe(201);
    expect(mail.mailsTo(tenant.admin.email)).toEqual([]);

    // メール送信状況: the admins' mail of the filing, waiting for its next try a minute on.
    const [row, ...rest] = await outbox();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      kind: 'request_filed',
      status: 'retrying',
      error: 'connection',
      attempts: 1,
      subject: expect.stringContaining('残業申請が届きました'),
      can_resend: false,
    });
    // The recipient is masked: the first two characters of the address, then ***.
    expect(row!.to).toBe(`${tenant.admin.email.slice(0, 2)}***@example.test`);
    expect(Date.parse(row!.next_attempt_at!) - Date.parse(row!.created_at)).toBeGreaterThanOrEqual(60_000);

    // The server is back; the outbox's run (every 15 s under npm start; here every 100 ms) sends the
    // mail once its wait is over.
    await mail.up();
    timer = startMailOutboxTimer(100);
    await timer.runNow();
    expect(mail.mailsTo(tenant.admin.email)).toEqual([]); // the minute is not over yet
    advance(2);
    const [arrived] = await pollUntil(
      async () => mail.mailsTo(tenant.admin.email, /残業申請/),
      (m) => m.length > 0,
    );
    expect(arrived!.subject).toMatch(/^【勤怠管理】.+さんから残業申請が届きました$/);
    expect(arrived!.text).toContain('/management/requests');

    // Further runs send nothing more, and the row says 送信済み.
    await timer.runNow();
    await timer.runNow();
    expect(mail.mailsTo(tenant.admin.email, /残業申請/)).toHaveLength(1);
    const [sent] = await outbox();
    expect(sent).toMatchObject({ id: row!.id, status: 'sent', error: null, can_resend: false });
    expect(sent!.sent_at).not.toBeNull();
  });

  it('with the server up, the mail goes with the request, once, and the scheduled run leaves it alone', async () => {
    const before = mail.mailsTo(tenant.admin.email).length;
    expect((await fileOvertime()).status).toBe(201);
    expect(mail.mailsTo(tenant.admin.email)).toHaveLength(before + 1);
    advance(2);
    await runMailOutbox();
    expect(mail.mailsTo(tenant.admin.email)).toHaveLength(before + 1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('retries', () => {
  afterAll(async () => {
    await mail.up();
  });

  it('wait 1, 2, 4 … minutes, at most four hours, give up after ten tries, and 再送 sends it once the server is back', async () => {
    await mail.down();
    expect((await fileOvertime()).status).toBe(201);
    const [first] = await outbox();
    expect(first).toMatchObject({ status: 'retrying', attempts: 1 });

    // The waits after each failed try, by hand from the rule "the first wait is a minute, doubled after
    // every failed try, never more than four hours (240 min), ten tries in all":
    //   after try 1: 1, 2: 2, 3: 4, 4: 8, 5: 16, 6: 32, 7: 64, 8: 128, 9: 256 → capped at 240; try 10 gives up.
    const expectedWaits = [1, 2, 4, 8, 16, 32, 64, 128, 240];
    let row = first!;
    for (const [i, wait] of expectedWaits.entries()) {
      expect(row.attempts, `try ${i + 1}`).toBe(i + 1);
      // The first try was the request's own (its clock ran on while it sent): at least the wait.
      expect(Date.parse(row.next_attempt_at!) - Date.parse(row.last_attempt_at!)).toBeGreaterThanOrEqual(wait * 60_000);
      // A run a second before the wait ends sends nothing; one when it ends tries again.
      const due = Date.parse(row.next_attempt_at!);
      expect(await runMailOutbox(() => new Date(due - 1_000))).toEqual({ sent: 0, retrying: 0, failed: 0, unknown: 0 });
      const result = await runMailOutbox(() => new Date(due));
      row = (await outbox()).find((r) => r.id === first!.id)!;
      if (i < expectedWaits.length - 1) {
        expect(result, `try ${i + 2}`).toMatchObject({ retrying: 1 });
        expect(Date.parse(row.next_attempt_at!) - due, `wait after try ${i + 2}`).toBe(expectedWaits[i + 1]! * 60_000);
      } else expect(result, 'try 10').toMatchObject({ failed: 1 });
    }
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 10,
      error: 'connection',
      next_attempt_at: null,
      can_resend: true,
    });
    const before = mail.mailsTo(tenant.admin.email).length;

    // Given up: the scheduled run no longer tries it.
    expect(await runMailOutbox(() => new Date(Date.parse(row.last_attempt_at ?? row.created_at) + 86_400_000))).toEqual(
      {
        sent: 0,
        retrying: 0,
        failed: 0,
        unknown: 0,
      },
    );

    // 再送 while the server is still down: back to 再送待ち with its tries counted afresh.
    const stillDown = await admin.post(`/api/v1/mail_outbox/${row.id}/resend`);
    expect(stillDown.status).toBe(200);
    expect(stillDown.body.data).toMatchObject({ id: row.id, status: 'retrying', attempts: 1, can_resend: false });
    // Not failed now: 再送 is refused (409), and nothing else changes.
    const notFailed = await admin.post(`/api/v1/mail_outbox/${row.id}/resend`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.message).toBe('このメールは送信済みか送信中のため、再送できません。');

    // Give it up again, then 再送 with the server back: sent at once, once.
    for (let i = 0; i < 9; i++) {
      const current = (await outbox()).find((r) => r.id === row.id)!;
      await runMailOutbox(() => new Date(Date.parse(current.next_attempt_at!)));
    }
    expect((await outbox()).find((r) => r.id === row.id)).toMatchObject({ status: 'failed', attempts: 10 });
    await mail.up();
    const resent = await admin.post(`/api/v1/mail_outbox/${row.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ status: 'sent', attempts: 1, error: null, can_resend: false });
    expect(mail.mailsTo(tenant.admin.email)).toHaveLength(before + 1);
    expect((await admin.post(`/api/v1/mail_outbox/${row.id}/resend`)).status).toBe(409);
    await runMailOutbox(() => new Date(testNow().getTime() + 86_400_000));
    expect(mail.mailsTo(tenant.admin.email)).toHaveLength(before + 1);
  });
});

describe('a sender that dies', () => {
  it('before sending: the stored mail is sent by the scheduled run once the grace is over', async () => {
    const email = tenant.employees[1]!.email;
    // The request stored the mail and died before its own send (nothing claimed it).
    const mails = await prepareMails({
      kind: 'welcome',
      companyId: tenant.companyId,
      employeeId: tenant.employees[1]!.id,
      email,
      name: '送信 途中',
      temporaryPassword: 'Tmp#Died-Before-2026',
    });
    await storeMails(mails);
    expect(await runMailOutbox()).toMatchObject({ sent: 0 }); // within the minute the request had
    expect(await runMailOutbox(() => new Date(testNow().getTime() + 61_000))).toMatchObject({ sent: 1 });
    const [welcome, ...more] = mail.mailsTo(email, /アカウントが登録されました/);
    expect(more).toEqual([]);
    expect(welcome!.text).toContain('仮パスワード: Tmp#Died-Before-2026');
  });

  it('between sending and recording: shown as 送信失敗 (outcome unknown), never sent again by itself', async () => {
    const email = tenant.employees[1]!.email;
    const [stored] = await prepareMails({
      kind: 'password_reset_by_admin',
      companyId: tenant.companyId,
      employeeId: tenant.employees[1]!.id,
      email,
      name: '送信 途中',
      temporaryPassword: 'Tmp#Died-After-2026',
    });
    await storeMails([stored!]);
    // What a sender does up to the crash: claim, send; the mark of 送信済み never comes.
    const claimed = await claimMail(stored!, 'dead-sender', testNow(), 'queued');
    await sendMail({
      to: claimed!.to,
      subject: claimed!.subject,
      text: openText(claimed!.body!, claimed!.mailId)!,
      template: claimed!.kind,
    });
    expect(mail.mailsTo(email, /パスワードがリセットされました/)).toHaveLength(1);

    // While the claim's five minutes last, nothing happens; after them the run marks it unknown.
    expect(await runMailOutbox(() => new Date(testNow().getTime() + 4 * 60_000))).toMatchObject({
      unknown: 0,
      sent: 0,
    });
    expect(await runMailOutbox(() => new Date(testNow().getTime() + 6 * 60_000))).toMatchObject({
      unknown: 1,
      sent: 0,
    });
    expect(await runMailOutbox(() => new Date(testNow().getTime() + 86_400_000))).toMatchObject({
      unknown: 0,
      sent: 0,
    });
    expect(mail.mailsTo(email, /パスワードがリセットされました/)).toHaveLength(1);
    const row = (await outbox()).find((r) => r.id === stored!.mailId)!;
    expect(row).toMatchObject({ status: 'failed', error: 'unknown_outcome', can_resend: true });
  });
});

describe('what is stored', () => {
  it('never holds a body readable: the temporary password is sealed while waiting and dropped once sent', async () => {
    await mail.down();
    const created = await admin.post('/api/v1/employees', {
      last_name: '封印',
      first_name: '花子',
      email: `sealed-${tenant.companyId.slice(-6)}@example.test`,
      password: 'Temp#Sealed-2026',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
    });
    expect(created.status).toBe(201);
    const scan = async () =>
      JSON.stringify((await dynamo().send(new ScanCommand({ TableName: stack.tableName }))).Items ?? []);
    const waiting = await scan();
    expect(waiting).not.toContain('Temp#Sealed-2026');
    const row = (await outbox()).find((r) => r.kind === 'welcome' && r.status === 'retrying')!;
    expect(row).toBeDefined();

    await mail.up();
    await runMailOutbox(() => new Date(Date.parse(row.next_attempt_at!)));
    const [welcome] = mail.mailsTo(`sealed-${tenant.companyId.slice(-6)}@example.test`);
    expect(welcome!.text).toContain('仮パスワード: Temp#Sealed-2026');
    const items = JSON.parse(await scan()) as { sk?: string; body?: string; state?: string; gsi1pk?: string }[];
    const item = items.find((i) => i.sk === `mailout#${row.id}`)!;
    expect(item.state).toBe('sent');
    expect(item.body).toBeUndefined();
    // Out of the due index once sent: the scheduled run's Query pages hold due mails only.
    expect(item.gsi1pk).toBeUndefined();
  });
});

describe('who sees what', () => {
  it("an admin sees only the company's mails; another company's 再送 is a 404; bad paging input is a 400", async () => {
    const mine = await outbox();
    expect(mine.length).toBeGreaterThan(0);
    expect(await outbox(otherAdmin)).toEqual([]);
    expect((await otherAdmin.post(`/api/v1/mail_outbox/${mine[0]!.id}/resend`)).status).toBe(404);
    expect((await admin.post('/api/v1/mail_outbox/01nonexistent0000000000000/resend')).status).toBe(404);

    const page = await admin.get('/api/v1/mail_outbox?limit=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const next = await admin.get(`/api/v1/mail_outbox?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    // Another company's cursor, a forged one and a limit out of range are field errors, not 500s.
    expect(
      (await otherAdmin.get(`/api/v1/mail_outbox?cursor=${encodeURIComponent(page.body.next_cursor)}`)).status,
    ).toBe(400);
    const bad = await admin.get('/api/v1/mail_outbox?limit=500');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.limit).toEqual(['件数は1〜50で指定してください']);
    expect((await admin.get('/api/v1/mail_outbox?cursor=forged')).status).toBe(400);
    expect((await admin.get('/api/v1/mail_outbox?kind=x')).status).toBe(400);
    // Employees and the operator have no company outbox.
    expect((await employee.get('/api/v1/mail_outbox')).status).toBe(403);
  });

  it("the operator sees the platform's mails (password-reset codes): one asked for while the server is down arrives later", async () => {
    const operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
    await mail.down();
    const anonymous = createHttpClient(stack.baseUrl);
    await anonymous.get('/api/v1/session');
    const asked = await anonymous.post('/api/v1/password_resets', {
      audience: 'employee',
      email: tenant.employees[0]!.email,
    });
    expect(asked.status).toBe(200);
    const platform = await operator.get('/api/v1/platform_mails');
    expect(platform.status).toBe(200);
    const [row] = platform.body.data;
    expect(row).toMatchObject({
      kind: 'password_reset_code',
      status: 'retrying',
      to: `${tenant.employees[0]!.email.slice(0, 2)}***@example.test`,
      can_resend: false,
    });
    // Not the company's: its admins do not see it, and they cannot read the platform's list.
    expect((await outbox()).some((r) => r.id === row.id)).toBe(false);
    expect((await admin.get('/api/v1/platform_mails')).status).toBe(403);

    await mail.up();
    await runMailOutbox(() => new Date(Date.parse(row.next_attempt_at)));
    expect(mail.mailsTo(tenant.employees[0]!.email, /確認コード/)).toHaveLength(1);
    expect((await operator.get('/api/v1/platform_mails')).body.data[0]).toMatchObject({ id: row.id, status: 'sent' });
  });
});
