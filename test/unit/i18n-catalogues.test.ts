import { compileMessage } from '@lingui/message-utils/compileMessage';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../functions/domain/input.js';
import { STAFF_IMPORT_MESSAGES } from '../../functions/domain/staff-import.js';
import { PATTERN_MESSAGES } from '../../functions/domain/work-patterns.js';
import { WORK_SYSTEM_MESSAGES } from '../../functions/domain/work-systems.js';
import { PERIOD_MESSAGE } from '../../functions/api/period-closings/schemas.js';
import { SHIFTS_INVALID } from '../../functions/api/shifts/update-shifts.js';
import { IMPORT_DONE_MESSAGE } from '../../functions/exports/staff-import-jobs.js';
import { JOB_RUNNING_MESSAGE } from '../../functions/services/recompute.js';
import { ConflictError, NotFoundError, ValidationError, toHttp } from '../../functions/shared/errors.js';
import { FIELD_MESSAGES, fieldErrorMap } from '../../functions/shared/field-messages.js';
import { en } from '../../functions/shared/i18n/catalogues/en.js';
import { ja } from '../../functions/shared/i18n/catalogues/ja.js';
import { FIELD_CODES, MESSAGE_CODES } from '../../functions/shared/i18n/codes.js';
import {
  codeOfJapanese,
  formatMessage,
  matchAcceptLanguage,
  registerCatalogue,
  type MessageCode,
} from '../../functions/shared/i18n/index.js';
import { MESSAGES } from '../../functions/shared/messages.js';

/** Issue 31: the server's catalogues, their ICU messages, and the error bodies built from them. */
const CATALOGUES = { ja, en } as Record<string, Record<string, string>>;
const argNames = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!))].sort();

/** A pseudo-locale built from the Japanese catalogue: every message bracketed, its ICU arguments kept. */
const PSEUDO = 'en-XA';
const pseudo = Object.fromEntries(Object.entries(ja).map(([code, text]) => [code, `⟦${text}⟧`])) as Record<
  MessageCode,
  string
>;
registerCatalogue(PSEUDO, pseudo);

describe('server catalogues', () => {
  it('every catalogue has exactly the Japanese catalogue’s codes, each `area.reason`', () => {
    const codes = Object.keys(ja).sort();
    for (const [language, catalogue] of Object.entries(CATALOGUES))
      expect(Object.keys(catalogue).sort(), language).toEqual(codes);
    for (const code of codes) expect(code).toMatch(/^[a-z_]+\.[a-z_]+$/);
    // Every MESSAGES and FIELD_MESSAGES key has a code, and no two keys share one.
    expect(Object.keys(MESSAGE_CODES).sort()).toEqual(Object.keys(MESSAGES).sort());
    expect(Object.keys(FIELD_CODES).sort()).toEqual(Object.keys(FIELD_MESSAGES).sort());
    const all = [...Object.values(MESSAGE_CODES), ...Object.values(FIELD_CODES)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('Japanese is today’s wording, word for word', () => {
    for (const [key, code] of Object.entries(MESSAGE_CODES))
      expect(ja[code]).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    for (const [key, code] of Object.entries(FIELD_CODES))
      expect(ja[code]).toBe(FIELD_MESSAGES[key as keyof typeof FIELD_MESSAGES]);
    // Sites outside messages.ts throw the code itself (issue 31): the catalogue is the one copy.
    expect(INPUT_MESSAGES.blank).toBe('field.required');
    expect(INPUT_MESSAGES.invisible).toBe('field.invisible_characters');
    expect(JOB_RUNNING_MESSAGE).toBe('job.running');
    expect(IMPORT_DONE_MESSAGE).toBe('staff_import.done');
    expect(STAFF_IMPORT_MESSAGES.defect).toBe('staff_import.csv_invalid');
    expect(PERIOD_MESSAGE).toBe('period.choose');
    expect(SHIFTS_INVALID).toBe('shift.invalid');
    // Not moved yet (engine files, engineer C): still a copy of the catalogue's text.
    expect(ja['work_pattern.time_format']).toBe(PATTERN_MESSAGES.time);
    expect(ja['work_system.scope']).toBe(WORK_SYSTEM_MESSAGES.scope);
    expect(ja['work_system.system']).toBe(WORK_SYSTEM_MESSAGES.system);
  });

  it('every ICU message parses and formats with its params in every language, with the same arguments as Japanese', () => {
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const [code, text] of Object.entries(catalogue)) {
        expect(() => compileMessage(text), `${language} ${code}`).not.toThrow();
        const names = argNames(text);
        expect(names, `${language} ${code}`).toEqual(argNames(ja[code as MessageCode]));
        const out = formatMessage(language, code as MessageCode, Object.fromEntries(names.map((n) => [n, 3])));
        expect(out, `${language} ${code}`).not.toMatch(/[{}#]/);
        expect(out.length).toBeGreaterThan(0);
      }
    }
    // English has no Japanese in it.
    for (const text of Object.values(en)) expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('formats plurals and numbers by the language (ICU)', () => {
    expect(formatMessage('en', 'field.max_chars', { n: 1 })).toBe('Enter 1 character or fewer.');
    expect(formatMessage('en', 'field.max_chars', { n: 50 })).toBe('Enter 50 characters or fewer.');
    expect(formatMessage('en', 'field.max_number', { n: 10000 })).toBe('Enter a value of 10,000 or less.');
    expect(formatMessage('ja', 'field.max_chars', { n: 50 })).toBe('50文字以内で入力してください');
  });
});

describe('error bodies (contract: code, params, message in the caller’s language, fields)', () => {
  it('gives a typed error its code, and the message in Japanese (unchanged) or English', () => {
    expect(toHttp(new NotFoundError()).body).toEqual({
      code: 'request.not_found',
      params: {},
      message: '対象のデータが見つかりませんでした。',
      fields: [],
    });
    expect(toHttp(new NotFoundError(), 'en').body.message).toBe('The data could not be found.');
  });

  it('turns a thrown Japanese sentence with a number back into its code and params', () => {
    // Today's throw sites fill `{n}` into the Japanese text: '50文字以内で入力してください' is field.max_chars, n = 50.
    expect(codeOfJapanese('50文字以内で入力してください')).toEqual({ code: 'field.max_chars', params: { n: 50 } });
    expect(codeOfJapanese('これはカタログにない文です')).toBeUndefined();
  });

  it('renders zod field errors as fields with codes and params', () => {
    const r = z.safeParse(z.strictObject({ name: z.string().check(z.maxLength(20)), email: z.email() }), {
      name: 'x'.repeat(21),
      email: 'nope',
      extra: 1,
    });
    expect(r.success).toBe(false);
    z.config({ localeError: fieldErrorMap });
    const r2 = z.safeParse(z.strictObject({ name: z.string().check(z.maxLength(20)), email: z.email() }), {
      name: 'x'.repeat(21),
      email: 'nope',
    });
    const body = toHttp(r2.error, 'en').body;
    expect(body).toMatchObject({ code: 'request.invalid', message: 'Some of the information entered is invalid.' });
    expect(body.fields).toEqual([
      { name: 'name', code: 'field.max_chars', params: { n: 20 }, message: 'Enter 20 characters or fewer.' },
      { name: 'email', code: 'field.email', params: {}, message: 'Enter a valid e-mail address.' },
    ]);
    expect(body.errors).toEqual({ name: ['Enter 20 characters or fewer.'], email: ['Enter a valid e-mail address.'] });
    // Japanese: the same words as before the catalogue.
    expect(toHttp(r2.error).body.errors).toEqual({
      name: ['20文字以内で入力してください'],
      email: ['正しいメールアドレスを入力してください'],
    });
  });

  it('keeps a sentence the catalogue does not have yet in Japanese and falls back by status in English', () => {
    const e = new ValidationError(MESSAGES.applicationDefect, { kind: ['まだカタログにない理由'] });
    expect(toHttp(e).body.fields).toEqual([
      { name: 'kind', code: 'field.invalid', params: {}, message: 'まだカタログにない理由' },
    ]);
    expect(toHttp(e, 'en').body.fields[0]).toMatchObject({ code: 'field.invalid', message: 'Enter a valid value.' });
  });

  it('renders a coded error (paid leave left in days and hours) in each language', () => {
    // 2.5 days left is '残り2.5日'; hourly: 0 days and 3 hours is '残り0日と3時間' (db/paid-leave.ts, before: a text replace).
    const days = new ConflictError({ code: 'paid_leave.insufficient', params: { n: 2.5 } });
    expect(days.message).toBe('有給休暇の残日数が足りません（残り2.5日）。');
    expect(toHttp(days, 'en').body).toMatchObject({
      code: 'paid_leave.insufficient',
      params: { n: 2.5 },
      message: 'Not enough paid leave remaining (2.5 days left).',
    });
    const hours = new ConflictError({ code: 'paid_leave.insufficient_hours', params: { days: 0, hours: 1 } });
    expect(hours.message).toBe('有給休暇の残日数が足りません（残り0日と1時間）。');
    expect(toHttp(hours, 'en').body.message).toBe('Not enough paid leave remaining (0 days and 1 hour left).');
  });

  it('takes every message of the pseudo-locale from its catalogue (nothing bypasses it)', () => {
    const e = new ValidationError(MESSAGES.setCorrectTime, {
      out_time: [MESSAGES.correctionOutBeforeIn, '3文字以上で入力してください'],
    });
    const body = toHttp(e, PSEUDO).body;
    expect(body.message).toBe(`⟦${MESSAGES.setCorrectTime}⟧`);
    expect(body.fields.map((f) => f.message)).toEqual([
      `⟦${MESSAGES.correctionOutBeforeIn}⟧`,
      '⟦3文字以上で入力してください⟧',
    ]);
    for (const error of [
      new Error('boom'),
      Object.assign(new Error('x'), { name: 'ThrottlingException', $metadata: {} }),
    ])
      expect(toHttp(error, PSEUDO).body.message).toMatch(/^⟦.*⟧$/);
  });
});

describe('Accept-Language', () => {
  it('picks the best catalogue by q-value, then by primary subtag', () => {
    expect(matchAcceptLanguage('en-US,en;q=0.9,ja;q=0.8')).toBe('en');
    expect(matchAcceptLanguage('ja,en-US;q=0.9')).toBe('ja');
    expect(matchAcceptLanguage('fr-FR, en-GB;q=0.5, ja;q=0.4')).toBe('en');
    expect(matchAcceptLanguage('en;q=0.3, ja;q=0.7')).toBe('ja');
    expect(matchAcceptLanguage('vi, zh-CN;q=0.8')).toBeUndefined();
    expect(matchAcceptLanguage('en;q=0, ja;q=0.1')).toBe('ja');
    // `*` is no preference (Node's fetch sends it): the company's default decides.
    expect(matchAcceptLanguage('*')).toBeUndefined();
    expect(matchAcceptLanguage('fr, *;q=0.5')).toBeUndefined();
    expect(matchAcceptLanguage('')).toBeUndefined();
    expect(matchAcceptLanguage(undefined)).toBeUndefined();
    expect(matchAcceptLanguage('EN-us')).toBe('en');
  });
});
