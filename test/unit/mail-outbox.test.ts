/**
 * The mail outbox's pure rules (issue 30 item 12, functions/domain/mail-outbox.ts) and how a failed send
 * is classed (functions/shared/mail.ts sendFailureOf), with figures worked out by hand from the rule
 * "the first wait is a minute, doubled after every failed try, never more than four hours; ten tries".
 */
import { describe, expect, it } from 'vitest';
import {
  DUE_SHARDS,
  MAX_ATTEMPTS,
  canResend,
  dueShardOf,
  maskAddress,
  retryWaitMinutes,
  statusView,
} from '../../functions/domain/mail-outbox.js';
import { SesSendError, sendFailureOf } from '../../functions/shared/mail.js';
import { openText, sealText } from '../../functions/shared/signing.js';

describe('retryWaitMinutes', () => {
  it('doubles from one minute, stops at four hours, and gives up after the tenth try', () => {
    // By hand: 1·2^(n-1) minutes after try n → 1, 2, 4, 8, 16, 32, 64, 128 for tries 1–8; try 9 would
    // be 256, over the 240-minute ceiling, so 240; try 10 is the last (MAX_ATTEMPTS): no wait, give up.
    // Total waiting: 1+2+4+8+16+32+64+128+240 = 495 minutes = 8 h 15 min after the first try.
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryWaitMinutes(i + 1));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 240, null]);
    expect(waits.reduce<number>((sum, w) => sum + (w ?? 0), 0)).toBe(495);
    expect(retryWaitMinutes(11)).toBeNull();
  });

  it('refuses a try number that is not a positive integer', () => {
    expect(() => retryWaitMinutes(0)).toThrow(RangeError);
    expect(() => retryWaitMinutes(1.5)).toThrow(RangeError);
  });
});

describe('what the screens show', () => {
  it('masks the recipient: two characters of the local part, then ***, and the domain', () => {
    expect(maskAddress('sato.hanako@demo.example.com')).toBe('sa***@demo.example.com');
    expect(maskAddress('ab@x.test')).toBe('a***@x.test');
    expect(maskAddress('a@x.test')).toBe('a***@x.test');
    expect(maskAddress('not-an-address')).toBe('***');
  });

  it('words the states as 送信中 / 再送待ち / 送信済み / 送信失敗, and offers 再送 for failed ones only', () => {
    expect(statusView('queued')).toBe('sending');
    expect(statusView('sending')).toBe('sending');
    expect(statusView('retrying')).toBe('retrying');
    expect(statusView('sent')).toBe('sent');
    expect(statusView('failed')).toBe('failed');
    // A sender that died between the send and its record: it may have gone, so it is not retried by
    // itself, but shown as failed and offered to the admins.
    expect(statusView('unknown')).toBe('failed');
    expect(['queued', 'sending', 'retrying', 'sent', 'failed', 'unknown'].filter((s) => canResend(s as never))).toEqual(
      ['failed', 'unknown'],
    );
  });
});

describe('dueShardOf', () => {
  it('is fixed per mail and spreads ids over the shards', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `01m8gw0n3c1wsgv19w5x${String(i).padStart(6, '0')}`);
    const shards = ids.map(dueShardOf);
    expect(dueShardOf(ids[0]!)).toBe(shards[0]);
    expect(new Set(shards).size).toBe(DUE_SHARDS);
  });
});

describe('sendFailureOf', () => {
  it('tells a server not reached, a "try later" and a refusal apart, without the server’s message', () => {
    expect(sendFailureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({
      kind: 'connection',
      status: null,
      code: 'ESOCKET',
    });
    expect(sendFailureOf(Object.assign(new Error('421 busy'), { code: 'EENVELOPE', responseCode: 421 }))).toEqual({
      kind: 'temporary',
      status: 'SMTP 421',
      code: 'EENVELOPE',
    });
    expect(
      sendFailureOf(Object.assign(new Error('550 no such user x@y'), { code: 'EENVELOPE', responseCode: 550 })),
    ).toEqual({ kind: 'rejected', status: 'SMTP 550', code: 'EENVELOPE' });
    expect(sendFailureOf(new SesSendError(400, 'MessageRejected'))).toMatchObject({
      kind: 'rejected',
      status: 'SES 400',
    });
    expect(sendFailureOf(new SesSendError(400, 'Throttling'))).toMatchObject({ kind: 'temporary' });
    expect(sendFailureOf(new SesSendError(503, 'ServiceUnavailable'))).toMatchObject({ kind: 'temporary' });
  });
});

describe('sealed mail bodies', () => {
  it('open only for the mail they were sealed for', () => {
    const sealed = sealText('仮パスワード: Tmp#2026', 'mail-1');
    expect(sealed).not.toContain('Tmp');
    expect(openText(sealed, 'mail-1')).toBe('仮パスワード: Tmp#2026');
    expect(openText(sealed, 'mail-2')).toBeNull();
    expect(openText('garbage', 'mail-1')).toBeNull();
  });
});
