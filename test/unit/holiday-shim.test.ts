import holidayJp from '@holiday-jp/holiday_jp';
import { describe, expect, it } from 'vitest';
import shim from '../../functions/shared/bundle-shims/holidays-jp.js';
import { shimIsCurrent } from '../bench/holiday-shim.js';

describe('compact holiday table bundled into the Lambdas', () => {
  it('is generated from the installed @holiday-jp/holiday_jp', () => {
    expect(shimIsCurrent()).toBe(true);
  });

  it('gives the same date and name as the package for every holiday, and nothing else', () => {
    const full = holidayJp.holidays as Record<string, { date: Date | string; name: string }>;
    expect(Object.keys(shim.holidays).sort()).toEqual(Object.keys(full).sort());
    for (const [date, holiday] of Object.entries(full)) {
      expect(shim.holidays[date]).toEqual({ date, name: holiday.name });
    }
    expect(shim.holidays['2026-11-22']).toBeUndefined();
  });
});
