/**
 * Issue 31's error contract on every route of the route table: a refused call answers
 * `{code, params, message, fields:[{name, code, params, message}]}` with every code in every catalogue,
 * and the message in the caller's language — by their own `language` setting (mail_settings), else the
 * browser's Accept-Language, else the company's default (Japanese); GET /api/v1/session names it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../functions/routes.js';
import { en } from '../../functions/shared/i18n/catalogues/en.js';
import { ja } from '../../functions/shared/i18n/catalogues/ja.js';
import { formatMessage, registerCatalogue, type MessageCode } from '../../functions/shared/i18n/index.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import {
  ACTOR_ROLE,
  JAPANESE,
  buildFixture,
  requestFor,
  send,
  type Actor,
  type SecurityFixture,
} from '../support/security/fixture.js';
import { useTestStack } from '../support/stack.js';

const stack = useTestStack();
let fx: SecurityFixture;

beforeAll(async () => {
  fx = await buildFixture(stack.baseUrl);
}, 180_000);

const CATALOGUES: Record<string, Record<string, string>> = { ja, en };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const JA = { 'accept-language': 'ja-JP,ja;q=0.9' };

/** The company A actor of a route's first role (anonymous for public routes). */
function actorFor(route: RouteDef): Actor {
  const role = route.roles[0];
  if (!role) return 'anonymous';
  return (['employeeA', 'adminA', 'operator'] as Actor[]).find((a) => ACTOR_ROLE[a] === role)!;
}

/**
 * Bad input for a route, refused before any write: the well-formed call's body with every top-level
 * value replaced by null (each field's own reason) plus a key no schema accepts, and a query parameter
 * no route takes.
 */
function badCall(route: RouteDef) {
  const call = requestFor(route, fx.ids);
  const body =
    call.body && typeof call.body === 'object' && !Array.isArray(call.body)
      ? { ...Object.fromEntries(Object.keys(call.body).map((k) => [k, null])), zz_unknown: 1 }
      : { zz_unknown: 1 };
  return { ...call, body, query: [call.query, 'zz_unknown=1'].filter(Boolean).join('&') };
}

type Body = {
  code: string;
  params: unknown;
  message: string;
  fields: { name: string; code: string; params: unknown; message: string }[];
  errors?: Record<string, string[]>;
};

/** The contract, and the message in `language` as its catalogue renders the code. */
function expectContract(res: HttpResponse, language: 'ja' | 'en', where: string) {
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  const body = res.body as Body;
  for (const catalogue of Object.values(CATALOGUES))
    expect(Object.hasOwn(catalogue, body.code), `${where}: ${body.code}`).toBe(true);
  expect(body.params, where).toBeTypeOf('object');
  expect(Array.isArray(body.fields), where).toBe(true);
  for (const field of body.fields) {
    for (const catalogue of Object.values(CATALOGUES))
      expect(Object.hasOwn(catalogue, field.code), `${where} ${field.name}`).toBe(true);
    expect(field.params, where).toBeTypeOf('object');
    expect(field.name, where).toBeTypeOf('string');
    if (language === 'en')
      expect(field.message, `${where} ${field.name}`).toBe(
        formatMessage('en', field.code as MessageCode, field.params as never),
      );
  }
  if (language === 'en') {
    expect(body.message, where).toBe(formatMessage('en', body.code as MessageCode, body.params as never));
    expect(JSON.stringify([body.message, body.fields, body.errors ?? {}]), where).not.toMatch(JAPANESE);
  } else {
    expect(body.message, where).toMatch(JAPANESE);
  }
  return body;
}

describe('error contract on every route', () => {
  it('bad input to every route: a catalogued code, params, fields with codes, the English message for Accept-Language: en', async () => {
    const seen = new Map<string, number>();
    for (const route of ROUTES) {
      const client = fx.clients[actorFor(route)];
      const res = await send(client, route, badCall(route), { headers: EN });
      const body = expectContract(res, 'en', `${route.name} ${res.status}`);
      for (const code of [body.code, ...body.fields.map((f) => f.code)]) seen.set(code, (seen.get(code) ?? 0) + 1);
    }
    // Every sentence these refusals throw is a catalogue entry (a sentence not there would keep its
    // Japanese words and answer a fallback code, field.invalid or the status's, in other languages).
    const uncatalogued = new Set<string>();
    for (const route of ROUTES) {
      const res = await send(fx.clients[actorFor(route)], route, badCall(route), { headers: JA });
      const body = res.body as Body;
      for (const m of [body, ...body.fields])
        if (m.message !== formatMessage('ja', m.code as MessageCode, m.params as never))
          uncatalogued.add(`${route.name}: ${m.message}`);
    }
    expect([...uncatalogued]).toEqual([]);
    // The field reasons come from the field's own rule (required, choose, …), not one blanket code.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['request.invalid', 'field.unknown', 'field.required']));
  }, 300_000);

  it('in a pseudo-locale generated here (every Japanese entry bracketed), every message of every refusal comes from the catalogue', async () => {
    registerCatalogue(
      'en-XA',
      Object.fromEntries(Object.entries(ja).map(([code, text]) => [code, `⟦${text}⟧`])) as Record<MessageCode, string>,
    );
    const bracketed = /^⟦[^⟦⟧]*⟧$/s;
    for (const route of ROUTES) {
      const res = await send(fx.clients[actorFor(route)], route, badCall(route), {
        headers: { 'accept-language': 'en-XA' },
      });
      const body = res.body as Body;
      expect(body.message, route.name).toMatch(bracketed);
      for (const f of body.fields) expect(f.message, `${route.name} ${f.name}`).toMatch(bracketed);
      for (const list of Object.values(body.errors ?? {}))
        for (const m of list) expect(m, route.name).toMatch(bracketed);
    }
  }, 300_000);

  it('every signed-in route refuses an anonymous caller with auth.unauthenticated, in Japanese or English', async () => {
    for (const route of ROUTES.filter((r) => r.roles.length > 0)) {
      const call = requestFor(route, fx.ids);
      const en = expectContract(await send(fx.clients.anonymous, route, call, { headers: EN }), 'en', route.name);
      expect(en).toMatchObject({ code: 'auth.unauthenticated', message: 'Please sign in.', fields: [] });
      const ja = expectContract(await send(fx.clients.anonymous, route, call, { headers: JA }), 'ja', route.name);
      expect(ja.message).toBe(MESSAGES.unauthenticated);
    }
  }, 300_000);
});

describe('the caller’s language', () => {
  async function languageOf(client: HttpClient, headers?: Record<string, string>) {
    const res = await client.get('/api/v1/session', headers ? { headers } : {});
    expect(res.status).toBe(200);
    return (res.body as { data: { language: string } }).data.language;
  }

  for (const actor of ['employeeA', 'adminA'] as const) {
    it(`${actor}: their own setting wins over the browser's, and clearing it hands back to the browser, then the company`, async () => {
      const client = fx.clients[actor];
      const before = (await client.get('/api/v1/mail_settings')).body as {
        data: { mail_opt_out: string[]; language: string | null };
      };
      expect(before.data.language).toBeNull();
      expect(await languageOf(client)).toBe('ja');
      expect(await languageOf(client, EN)).toBe('en');

      const saved = await client.put('/api/v1/mail_settings', {
        mail_opt_out: before.data.mail_opt_out,
        language: 'en',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ data: { language: 'en', languages: ['ja', 'en'] } });
      // Leaving the language out keeps it.
      const kept = await client.put('/api/v1/mail_settings', { mail_opt_out: before.data.mail_opt_out });
      expect(kept.body).toMatchObject({ data: { language: 'en' } });
      expect(await languageOf(client, JA)).toBe('en');

      // An English user's mistake, with a Japanese browser: English, from the setting.
      const refused = await client.put(
        '/api/v1/mail_settings',
        { mail_opt_out: ['nope'], language: 'xx' },
        { headers: JA },
      );
      expect(refused.status).toBe(400);
      const body = expectContract(refused, 'en', 'mail_settings');
      expect(body.fields.map((f) => [f.name, f.code])).toEqual([
        ['mail_opt_out.0', 'mail.kind_invalid'],
        ['language', 'field.language'],
      ]);
      expect(body.fields[1]!.message).toBe('Choose a display language.');

      expect(
        (await client.put('/api/v1/mail_settings', { mail_opt_out: before.data.mail_opt_out, language: null })).body,
      ).toMatchObject({
        data: { language: null },
      });
      expect(await languageOf(client, EN)).toBe('en');
      expect(await languageOf(client)).toBe('ja');
      const ja = await client.put('/api/v1/mail_settings', { mail_opt_out: ['nope'] });
      expect(expectContract(ja, 'ja', 'mail_settings ja').fields[0]!.message).toBe(
        'お知らせメールの種類が正しくありません',
      );
    });
  }
});

describe('the company’s default language', () => {
  it('answers a caller with no setting and no browser language in the company’s language, and no one else’s company', async () => {
    const admin = fx.clients.adminA;
    const staff = fx.clients.employeeA2;
    const settings = (await admin.get('/api/v1/approval_settings')).body as { data: { correction_approval: boolean } };
    const saved = await admin.put('/api/v1/approval_settings', {
      correction_approval: settings.data.correction_approval,
      language: 'en',
    });
    expect(saved.body).toMatchObject({ data: { language: 'en' } });
    try {
      // No Accept-Language: the company's default.
      const session = await staff.get('/api/v1/session');
      expect((session.body as { data: { language: string } }).data.language).toBe('en');
      const refused = await staff.get('/api/v1/timestamps?zz_unknown=1');
      expect(expectContract(refused, 'en', 'timestamps').message).toBe('Some of the information entered is invalid.');
      // The browser's language comes before the company's.
      expect(
        ((await staff.get('/api/v1/session', { headers: JA })).body as { data: { language: string } }).data.language,
      ).toBe('ja');
      // Company B is untouched.
      expect(
        ((await fx.clients.employeeB.get('/api/v1/session')).body as { data: { language: string } }).data.language,
      ).toBe('ja');
      // A language the product has no catalogue for is refused on its field.
      const bad = await admin.put('/api/v1/approval_settings', { correction_approval: false, language: 'vi' });
      expect(bad.status).toBe(400);
      expect((bad.body as Body).fields).toEqual([
        { name: 'language', code: 'field.language', params: {}, message: 'Choose a display language.' },
      ]);
    } finally {
      await admin.put('/api/v1/approval_settings', {
        correction_approval: settings.data.correction_approval,
        language: 'ja',
      });
    }
  });
});

describe('each route family’s own refusals, for an English user (issue 31 item 1: codes at the throw sites)', () => {
  /** A refusal's field: its code, params and English message, and no fallback where a rule has its own code. */
  async function refusedField(
    call: () => Promise<HttpResponse>,
    where: string,
    name: string,
  ): Promise<Body['fields'][number]> {
    const res = await call();
    const body = expectContract(res, 'en', where);
    const field = body.fields.find((f) => f.name === name);
    expect(field, `${where}: ${JSON.stringify(body.fields)}`).toBeDefined();
    expect(['field.invalid', 'request.invalid'], where).not.toContain(field!.code);
    return field!;
  }

  it('answers each family’s own rule with its own code and English text, and the same words as before in Japanese', async () => {
    const admin = fx.clients.adminA;
    const staff = fx.clients.employeeA;
    const cases: {
      where: string;
      call: (headers: Record<string, string>) => Promise<HttpResponse>;
      name: string;
      code: string;
      params?: Record<string, unknown>;
      en: string;
      ja: string;
    }[] = [
      {
        where: '36協定 (overtime_agreement)',
        call: (headers) =>
          admin.put(
            '/api/v1/overtime_agreement',
            {
              start_month: 4,
              variant: 'standard',
              monthly_limit_hours: 45,
              annual_limit_hours: 360,
              special_clause: true,
              alert_percent: 80,
            },
            { headers },
          ),
        name: 'special_monthly_limit_hours',
        code: 'agreement.special_monthly_required',
        en: 'Enter the monthly limit under the special clause.',
        ja: '特別条項の月の上限を入力してください',
      },
      {
        where: 'company calendar',
        call: (headers) =>
          admin.put(
            '/api/v1/company_calendar',
            {
              company_days_off: [
                { date: '2026-12-30', name: 'A' },
                { date: '2026-12-30', name: 'B' },
              ],
            },
            { headers },
          ),
        name: 'company_days_off',
        code: 'calendar.dates_duplicate',
        params: { list: 'company_days_off' },
        en: 'The same date appears more than once in the company days off.',
        ja: '会社休日に同じ日付が重複しています',
      },
      {
        where: '締め日 (payroll_period)',
        call: (headers) => admin.put('/api/v1/payroll_period', { closing_day: 99 }, { headers }),
        name: 'closing_day',
        code: 'period.closing_day',
        params: { max: 28 },
        en: formatMessage('en', 'period.closing_day', { max: 28 }),
        ja: '締め日は末日または1〜28日から選択してください',
      },
      {
        where: '締め処理 reopen',
        call: (headers) => admin.delete('/api/v1/period_closings/2026-10', { reason: 'x'.repeat(201) }, { headers }),
        name: 'reason',
        code: 'period.reopen_reason_max_chars',
        params: { n: 200 },
        en: 'Enter a reason of 200 characters or fewer.',
        ja: '解除の理由は200文字以内で入力してください',
      },
      {
        where: 'payroll layouts',
        call: (headers) =>
          admin.post(
            '/api/v1/payroll_layouts',
            {
              name: 'No key',
              columns: [{ field: 'paid_leave_days', header: 'Leave' }],
              time_format: 'hmm',
              encoding: 'sjis',
            },
            { headers },
          ),
        name: 'columns',
        code: 'payroll_layout.key_column',
        en: 'Include the employee number column (the payroll software matches staff by it).',
        ja: '社員番号の列を含めてください（給与ソフトが社員を照合するキーです）',
      },
      {
        where: 'shifts',
        call: (headers) =>
          admin.put(
            '/api/v1/shifts',
            { entries: [{ employee_id: fx.ids.employee, date: '2026-12-01', pattern_id: 'day', day_off: true }] },
            { headers },
          ),
        name: 'entries.0.day_off',
        code: 'shift.pattern_and_day_off',
        en: 'A work pattern and a day off cannot be set together.',
        ja: '勤務パターンと休みは同時に指定できません',
      },
      {
        where: 'work settings',
        call: (headers) => admin.put('/api/v1/work_settings', { grace_minutes: 99 }, { headers }),
        name: 'grace_minutes',
        code: 'work_settings.grace_minutes',
        en: 'Enter a grace period from 0 to 59 minutes.',
        ja: '猶予は0〜59分で入力してください',
      },
      {
        where: 'work pattern assignment',
        call: (headers) =>
          admin.put(
            '/api/v1/work_pattern_assignments',
            { scope: 'employee', department_id: null, employment_status_id: null, employee_id: null, pattern_id: null },
            { headers },
          ),
        name: 'employee_id',
        code: 'work_pattern.employee_required',
        en: 'Choose an employee.',
        ja: '従業員を選択してください',
      },
      {
        where: 'own phone number (employee settings)',
        call: (headers) => staff.put('/api/v1/employees/update_cell', { cell: '090-1234-567' }, { headers }),
        name: 'cell',
        code: 'field.phone',
        en: 'Enter a valid phone number.',
        ja: '電話番号の形式が正しくありません',
      },
      {
        where: 'staff form (フリガナ)',
        call: (headers) =>
          admin.post(
            '/api/v1/employees',
            { last_name: 'Smith', first_name: 'Anna', email: 'anna.smith@example.test', name_kana: 'smith' },
            { headers },
          ),
        name: 'name_kana',
        code: 'staff.name_kana_format',
        en: 'Enter the furigana (name reading) in full-width katakana.',
        ja: 'フリガナは全角カタカナで入力してください',
      },
    ];
    for (const c of cases) {
      const field = await refusedField(() => c.call(EN), c.where, c.name);
      expect(field, c.where).toMatchObject({ code: c.code, params: c.params ?? {}, message: c.en });
      const ja = (await c.call(JA)).body as Body;
      expect(ja.fields.find((f) => f.name === c.name)?.message, c.where).toBe(c.ja);
    }
  }, 180_000);

  it('renders the staff import preview’s row problems in the admin’s language', async () => {
    const csv = '姓,名,メールアドレス\r\n,Anna,anna@example.test\r\nSmith,John,anna@example.test\r\n';
    const file = Buffer.from(csv, 'utf8').toString('base64');
    const preview = async (headers: Record<string, string>) => {
      const res = await fx.clients.adminA.post('/api/v1/employee_imports/preview', { file }, { headers });
      expect(res.status).toBe(200);
      return (res.body as { data: { problems: { row: number; message: string }[] } }).data.problems;
    };
    const en = await preview(EN);
    expect(en).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, message: 'This field is required.' }),
        expect.objectContaining({ row: 3, message: 'Same e-mail address as row 2.' }),
      ]),
    );
    expect(JSON.stringify(en.map((p) => p.message))).not.toMatch(JAPANESE);
    const ja = await preview(JA);
    expect(ja.map((p) => p.message)).toEqual(
      expect.arrayContaining(['入力してください', '2行目と同じメールアドレスです']),
    );
  });
});
