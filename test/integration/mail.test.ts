/**
 * Mail core (issue 18 item 6): notify renders the Japanese template and hands it to the local SMTP
 * server the global setup runs (SMTP_URL), tests read it back with mailsTo; a server that does not
 * answer fails nothing and the logs carry ids only, never the password or the address.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../functions/services/notify.js';
import { resetEnvCache } from '../../functions/shared/env.js';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { captureOutput } from '../support/mail-logs.js';
import { createTenant, signIn } from '../support/tenant.js';

const stack = useTestStack();
const address = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

afterEach(() => {
  process.env.SMTP_URL = stack.env.SMTP_URL;
  resetEnvCache();
});

describe('notify and the local SMTP server', () => {
  it('sends the welcome mail with the sign-in link and the temporary password, and logs neither', async () => {
    const email = address('welcome');
    const temporaryPassword = `Tmp#${randomBytes(6).toString('hex')}`;
    const output = captureOutput();
    await notify({ kind: 'welcome', companyId: 'c1', employeeId: 'e1', email, name: '山田 花子', temporaryPassword });
    const log = output.stop();

    const [mail, ...more] = await mailsTo(email.toUpperCase(), { subject: /アカウントが登録されました/ });
    expect(more).toEqual([]);
    expect(mail!.to).toEqual([email]);
    expect(mail!.from).toBe('no-reply@kintai.local');
    expect(mail!.subject).toBe('【勤怠管理】アカウントが登録されました');
    expect(mail!.text).toContain('山田 花子さん');
    expect(mail!.text).toContain('http://127.0.0.1:3000/users/sign_in');
    expect(mail!.text).toContain(`仮パスワード: ${temporaryPassword}`);

    expect(log).toMatch(/"mail_kind":"welcome"/);
    expect(log).not.toContain(temporaryPassword);
    expect(log).not.toContain(email);
  });

  it('registering a staff member sends the welcome mail; a mail server that is down does not fail the registration', async () => {
    const tenant = await createTenant({ employees: 0, name: 'メール株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    const body = {
      last_name: '鈴木',
      first_name: '一郎',
      email: address('staff'),
      password: 'Temp#Welcome2026',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
    };
    const output = captureOutput();
    expect((await admin.post('/api/v1/employees', body)).status).toBe(201);
    const log = output.stop();
    const [welcome] = await mailsTo(body.email);
    expect(welcome!.subject).toBe('【勤怠管理】アカウントが登録されました');
    expect(welcome!.text).toContain('鈴木 一郎さん');
    expect(welcome!.text).toContain('http://127.0.0.1:3000/users/sign_in');
    expect(welcome!.text).toContain('仮パスワード: Temp#Welcome2026');
    expect(log).not.toContain('Temp#Welcome2026');

    const { freePort } = await import('../../lib/local/emulators.js');
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    const second = { ...body, email: address('staff2') };
    const res = await admin.post('/api/v1/employees', second);
    expect(res.status).toBe(201);
    expect((await admin.get('/api/v1/employees')).body.data.map((e: { email: string }) => e.email)).toContain(
      second.email,
    );
    expect(await mailsTo(second.email, { atLeast: 0 })).toEqual([]);
  });

  it('the reading page lists what was sent, as HTML and as JSON', async () => {
    const email = address('page');
    await notify({
      kind: 'password_reset_code',
      audience: 'admin',
      email,
      name: '管理 太郎',
      code: '123456',
    });
    const url = new URL((await import('vitest')).inject('localStack').mailUrl);
    url.searchParams.set('to', email);
    const html = await (await fetch(url)).text();
    expect(html).toContain('送信メール');
    expect(html).toContain('【勤怠管理】パスワード再設定の確認コード');
    url.searchParams.set('format', 'json');
    const json = (await (await fetch(url)).json()) as { messages: { subject: string; text: string }[] };
    expect(json.messages).toHaveLength(1);
    // The link opens the admin's reset page at the code step for this address.
    expect(json.messages[0]!.text).toContain(`/companies/password_reset?email=${encodeURIComponent(email)}`);
  });

  it('npm start serves the reading page on the gateway at /_local/mail', async () => {
    const { startMailServer } = await import('../../lib/local/mail-server.js');
    const { createGateway } = await import('../../lib/local/gateway.js');
    const mail = await startMailServer();
    const gateway = createGateway({ mail });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      process.env.SMTP_URL = mail.smtpUrl;
      resetEnvCache();
      const email = address('gateway');
      await notify({
        kind: 'welcome',
        companyId: 'c1',
        employeeId: 'e3',
        email,
        name: '田中',
        temporaryPassword: 'Tmp#Gw-2026',
      });
      const base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
      const page = await fetch(`${base}/_local/mail`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('【勤怠管理】アカウントが登録されました');
      const json = (await (await fetch(`${base}/_local/mail?format=json`)).json()) as { messages: { to: string[] }[] };
      expect(json.messages.map((m) => m.to)).toEqual([[email]]);
    } finally {
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
      await mail.stop();
    }
  });

  it('a mail server that does not answer fails nothing and is logged without the address or password', async () => {
    const { freePort } = await import('../../lib/local/emulators.js');
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    const email = address('down');
    const output = captureOutput();
    await expect(
      notify({
        kind: 'welcome',
        companyId: 'c1',
        employeeId: 'e2',
        email,
        name: '山田',
        temporaryPassword: 'Tmp#Down-2026',
      }),
    ).resolves.toEqual({ recipients: 1, sent: 0 });
    const log = output.stop();
    expect(log).toMatch(/mail not sent/);
    expect(log).not.toContain('Tmp#Down-2026');
    expect(log).not.toContain(email);
    expect(await mailsTo(email, { atLeast: 0 })).toEqual([]);
  });
});
