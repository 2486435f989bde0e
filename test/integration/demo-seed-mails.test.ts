/**
 * The demo seed (`npm start`) shows メール送信状況 (issue 30 item 12): デモ株式会社's admin sees one mail
 * 送信済み, one 再送待ち and one 送信失敗 with 再送, and seeding again adds none.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../../lib/local/seed.js';
import { seedDemoMails } from '../../lib/local/seed-mails.js';
import { useTestStack } from '../support/stack.js';
import { signIn } from '../support/tenant.js';
import { db } from '../../functions/db/service.js';

const stack = useTestStack();

describe('demo seed', () => {
  it('has a mail in each state on メール送信状況, once', async () => {
    // Fixed "now" (Tue 24 Nov 2026, Tokyo).
    await seedDemo(new Date('2026-11-24T03:00:00Z'));
    const admin = await signIn(stack.baseUrl, 'admin', DEMO.admin);
    const res = await admin.get('/api/v1/mail_outbox');
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      kind: string;
      status: string;
      to: string;
      can_resend: boolean;
      error: string | null;
    }[];
    expect(rows.map((r) => [r.kind, r.status, r.can_resend])).toEqual([
      ['request_decided', 'failed', true],
      ['missed_punch', 'retrying', false],
      ['request_filed', 'sent', false],
    ]);
    expect(rows[0]).toMatchObject({ to: 'su***@demo.example.com', error: 'rejected' });

    // Written again (fixed ids, put overwrites): still three.
    await seedDemoMails(
      DEMO.companyId,
      new Date('2026-11-24T03:00:00Z'),
      {
        admin: { email: DEMO.admin.email },
        filer: { name: '鈴木', email: 'suzuki@demo.example.com' },
        absentee: { name: '田中', email: 'tanaka@demo.example.com' },
      },
      { filed: '2026-11-25', missed: '2026-11-23' },
    );
    const { data } = await db().entities.MailOutbox.query.byId({ companyId: DEMO.companyId }).go();
    expect(data).toHaveLength(3);
  });
});
