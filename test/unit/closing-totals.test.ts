import { describe, expect, it } from 'vitest';
import { finishTotals, zeroTotals } from '../../functions/exports/closing.js';

describe('frozen totals of a closed period', () => {
  it('gives 月60時間超 and, with the 1か月単位の端数処理, each figure rounded to the hour', () => {
    // 法定外 65:29 = 3929 min → beyond 60 h (3600): 329 min (37条1項 ただし書).
    // Rounding (昭63.3.14 基発150号, under 30 min dropped, 30 or more raised):
    //   時間外 = 法内 31 + 法定外 3929 = 3960 = 66:00 → 3960; 法定外 3929 = 65:29 → 65:00 = 3900;
    //   60時間超 329 = 5:29 → 5:00 = 300; 休日 90 = 1:30 → 2:00 = 120; 深夜 29 → 0.
    const t = {
      ...zeroTotals(),
      scheduledOvertimeMinutes: 31,
      statutoryOvertimeMinutes: 3929,
      legalHolidayWorkMinutes: 90,
      lateNightMinutes: 29,
    };
    expect(finishTotals(t, true)).toMatchObject({
      overtimeOver60Minutes: 329,
      rounded30: {
        overtimeMinutes: 3960,
        statutoryOvertimeMinutes: 3900,
        overtimeOver60Minutes: 300,
        legalHolidayWorkMinutes: 120,
        lateNightMinutes: 0,
      },
    });
    expect(finishTotals(t, false)).toMatchObject({ overtimeOver60Minutes: 329, rounded30: null });
  });
});
