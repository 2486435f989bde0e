/**
 * Company-zone arithmetic on epoch minutes, memoised. The engine asks for the same local midnights,
 * 22:00s and 05:00s for every employee of a company, and each uncached lookup costs an Intl call;
 * without the memo a 1,000-employee month spends most of its time here. The caches only hold pure
 * function results (same answer on every process), so they are safe across requests.
 */
import { tzOffset } from '@date-fns/tz';
import { instantOf } from '../time.js';

const MINUTE_MS = 60_000;
/** Offsets change only at transitions, which fall on quarter hours in every IANA zone in use. */
const SLOT_MINUTES = 15;
const MAX_ENTRIES = 50_000;

const wallCache = new Map<string, number>();
const offsetCache = new Map<string, number>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

const minuteCache = new Map<string, number>();
const isoCache = new Map<number, string>();

/** Epoch minute of an ISO instant (memoised: a company's punches and segment ends repeat by the minute). */
export const toMinute = (iso: string) =>
  minuteCache.get(iso) ?? remember(minuteCache, iso, Math.floor(Date.parse(iso) / MINUTE_MS));
/** ISO instant of an epoch minute (memoised: every segment of every day is written this way). */
export const toIso = (minute: number) =>
  isoCache.get(minute) ?? remember(isoCache, minute, new Date(minute * MINUTE_MS).toISOString());

/** Epoch minute of a company-local wall-clock time (same answer as time.ts `instantOf`). */
export function wallMinute(date: string, hour: number, minute: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${hour}|${minute}`;
  return wallCache.get(key) ?? remember(wallCache, key, toMinute(instantOf(date, hour, minute, timeZone)));
}

function offsetAt(epochMinute: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(epochMinute / SLOT_MINUTES)}`;
  return offsetCache.get(key) ?? remember(offsetCache, key, tzOffset(timeZone, new Date(epochMinute * MINUTE_MS)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Company-local date and HH:MM of an epoch minute. */
export function localClock(epochMinute: number, timeZone: string): { date: string; time: string } {
  const local = new Date((epochMinute + offsetAt(epochMinute, timeZone)) * MINUTE_MS);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}
