/**
 * A daily notice the mail server could not take is not lost: the job claims each notice together with
 * its mails, stored in the outbox in the same transaction (so a rerun stores and sends nothing twice),
 * and the outbox's scheduled run sends them once the server takes mail again (issue 30 item 12; until
 * then the claim was given back and the next day's run sent it). Through the daily job
 * (runDailyRefresh) and the outbox's run against the local SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { runDailyRefresh } from '../../functions/services/daily-refresh.js';
import { runMailOutbox } from '../../functions/services/mail-outbox.js';
import { claimMailNotice } from '../../functions/db/mail.js';
import { prepareMails } from '../../functions/services/notify.js';
import { clock } from '../../functions/shared/clock.js';
import { resetEnvCache } from '../../functions/shared/env.js';
import { freePort } from '../../lib/local/emulators.js';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();

// 00:05 on Friday 20 November 2026 in Japan: the job's run for Thursday the 19th.
const NOW = new Date('2026-11-19T15:05:00Z');
const realNow = clock.now;
let tenant: TestTenant;

const smtpTo = (url: string) => {
  process.env.SMTP_URL = url;
  resetEnvCache();
};

beforeAll(async () => {
  clock.now = () => NOW;
  tenant = await createTenant({ employees: 1, name: '通知再送株式会社' });
  // 09:00 on the 19th and no 退勤 by 00:05 the next day: a missed-punch notice is due.
  await db()
    .entities.AttendanceDay.put({
      companyId: tenant.companyId,
      employeeId: tenant.employees[0]!.id,
      workDate: '2026-11-19',
      punchInAt: '2026-11-19T00:00:00Z',
    })
    .go();
});

afterAll(() => {
  clock.now = realNow;
  smtpTo(stack.env.SMTP_URL!);
});

const claim = () =>
  db()
    .entities.MailNotice.get({ companyId: tenant.companyId, key: `missed_punch#${tenant.employees[0]!.id}#2026-11-19` })
    .go();

describe('a daily notice while the mail server is down', () => {
  it('is claimed with its mail stored, the outbox sends it once the server is back, and nothing sends it twice', async () => {
    const email = tenant.employees[0]!.email;
    // Nothing listens on this port: every send fails.
    smtpTo(`smtp://127.0.0.1:${await freePort()}`);
    expect(await runDailyRefresh(NOW)).toMatchObject({ failed: [] });
    expect(await mailsTo(email, { atLeast: 0 })).toEqual([]);
    // Claimed: its mail waits in the outbox, so a rerun of the job (still down) stores no second one.
    expect((await claim()).data).not.toBeNull();
    await runDailyRefresh(NOW);

    // The server is back: the outbox's run after the first wait (a minute) sends the notice once.
    smtpTo(stack.env.SMTP_URL!);
    await runMailOutbox(() => new Date(NOW.getTime() + 2 * 60_000));
    const [missed] = await mailsTo(email, { subject: /打刻漏れ/ });
    expect(missed!.subject).toBe('【勤怠管理】2026年11月19日の打刻漏れ');
    // Neither a further daily run nor a later outbox run sends it again.
    await runDailyRefresh(NOW);
    await runMailOutbox(() => new Date(NOW.getTime() + 6 * 3600_000));
    // Give a second mail time to arrive if one were sent, then count.
    expect(await mailsTo(email, { subject: /打刻漏れ/, atLeast: 2, timeoutMs: 2_000 })).toHaveLength(1);
  });

  it('when the job dies between the claim and the send, its rerun adds nothing and the outbox sends the notice once', async () => {
    smtpTo(stack.env.SMTP_URL!);
    const other = await createTenant({ employees: 1, name: '通知中断株式会社' });
    const employeeId = other.employees[0]!.id;
    await db()
      .entities.AttendanceDay.put({
        companyId: other.companyId,
        employeeId,
        workDate: '2026-11-19',
        punchInAt: '2026-11-19T00:00:00Z',
      })
      .go();
    // What the job does for this notice up to the crash: its mail prepared, claimed with it; no send.
    const mails = await prepareMails(
      { kind: 'missed_punch', companyId: other.companyId, employeeId, date: '2026-11-19', missing: 'end' },
      NOW,
    );
    expect(await claimMailNotice(other.companyId, `missed_punch#${employeeId}#2026-11-19`, mails, NOW)).toBe(true);

    // Restarted, the job runs again: the notice is claimed, so it stores and sends nothing more.
    await runDailyRefresh(NOW);
    const email = other.employees[0]!.email;
    expect(await mailsTo(email, { atLeast: 0, timeoutMs: 500 })).toEqual([]);
    // The outbox's run after the dead job's minute of grace sends the stored mail; later runs nothing.
    expect(await runMailOutbox(() => new Date(NOW.getTime() + 61_000))).toMatchObject({ sent: 1 });
    await runMailOutbox(() => new Date(NOW.getTime() + 6 * 3600_000));
    expect(await mailsTo(email, { subject: /打刻漏れ/, atLeast: 2, timeoutMs: 2_000 })).toHaveLength(1);
  });
});
