import type { PunchView } from '../../../../functions/services/punch-view';
import type { PunchKind } from '../../../../functions/domain/punch';
import { api } from '../../lib/api';

export type PunchStatus = PunchView['status'];
export type { PunchKind };

/** The buttons a state allows: 出勤 before work; 休憩開始 / 退勤 at work; 休憩終了 / 退勤 on a break. */
export const KINDS_ALLOWED: Record<PunchStatus, readonly PunchKind[]> = {
  not_punched_in: ['in'],
  at_work: ['break_start', 'out'],
  on_break: ['break_end', 'out'],
  left_work: [],
};

/** `GET /api/v1/timestamps/today` and the answer to a punch: the backend's own type. */
export type TodayPunch = PunchView;

export const MEMO_MAX_LENGTH = 200;

export const getToday = () => api.get<TodayPunch>('/api/v1/timestamps/today');

/**
 * Punch 出勤, 退勤, 休憩開始 or 休憩終了. The key names the button press: sending the same key again (a
 * retry after a lost answer) can never record a second punch. Break punches carry no memo.
 */
export const punch = (kind: PunchKind, note: string, idempotencyKey: string) =>
  api.request<TodayPunch>('POST', '/api/v1/timestamps', {
    body: kind === 'in' || kind === 'out' ? { kind, note } : { kind },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Prefer the server's status; derive it from the times if an older answer lacks it. */
export function statusOf(today: Pick<TodayPunch, 'status' | 'punch_in_at' | 'punch_out_at'> | null): PunchStatus {
  if (!today) return 'not_punched_in';
  if (today.status in KINDS_ALLOWED) return today.status;
  if (today.punch_out_at) return 'left_work';
  return today.punch_in_at ? 'at_work' : 'not_punched_in';
}

/** crypto.randomUUID exists only on secure origins; a phone testing over plain http on the LAN still needs a key. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No definitive answer (network, gateway, throttling, server error): the punch may or may not be recorded. */
export const isTransient = (status: number) => status === 0 || status === 429 || status >= 500;
