import { TZDate } from '@date-fns/tz';
import { TEXT_LIMITS } from '../../domain/text-limits.js';
import * as z from 'zod/mini';
import { nameSchema, textSchema } from '../../domain/input.js';
import { daysInMonth } from '../../domain/time.js';
import { ValidationError } from '../../shared/errors.js';
import { MESSAGES } from '../../shared/messages.js';

/**
 * Announcement payload (spec §3/§7): start_at and end_at are `yyyy-mm-dd hh:mm:ss` as the form
 * builds them. Announcements are for every company, so the wall clock they mean is fixed: Japan time.
 */
export const INFO_ITEM_TIME_ZONE = 'Asia/Tokyo';
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export const InfoItemSchema = z.strictObject({
  title: nameSchema(TEXT_LIMITS.announcementTitle),
  detail_text: textSchema(TEXT_LIMITS.announcementBody),
  start_at: z.string().check(z.maxLength(32)),
  end_at: z.string().check(z.maxLength(32)),
});
export type InfoItemInput = z.infer<typeof InfoItemSchema>;

/** `2026-02-30 10:00:00` → null; a real Japan-time date-time → its UTC ISO instant. */
export function japanDateTimeToIso(value: string): string | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, INFO_ITEM_TIME_ZONE).getTime()).toISOString();
}

/** The stored form of an announcement, or 400: 日時が不正です for an impossible date, and an empty window refused. */
export function toInfoItem(input: InfoItemInput) {
  const startAt = japanDateTimeToIso(input.start_at);
  const endAt = japanDateTimeToIso(input.end_at);
  if (!startAt || !endAt) {
    const errors: Record<string, string[]> = {};
    if (!startAt) errors.start_at = [MESSAGES.invalidDateTime];
    if (!endAt) errors.end_at = [MESSAGES.invalidDateTime];
    throw new ValidationError(MESSAGES.invalidDateTime, errors);
  }
  if (Date.parse(endAt) <= Date.parse(startAt))
    throw new ValidationError(MESSAGES.endBeforeStart, { end_at: [MESSAGES.endBeforeStart] });
  return { title: input.title, detailText: input.detail_text, startAt, endAt };
}
