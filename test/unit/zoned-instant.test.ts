/**
 * The correction form's break times: a company-local `HH:MM` on the work day (or the next day, for a
 * night shift's break after midnight) becomes the ISO instant the API takes, and a punched break's
 * instant becomes the `HH:MM` its time input shows.
 */
import { describe, expect, it } from 'vitest';
import { addDaysTo, inputTime, zonedInstant } from '../../frontend/src/shared/time.js';

describe('zonedInstant / inputTime / addDaysTo', () => {
  it('turns a Tokyo wall time into its instant and back', () => {
    expect(zonedInstant('2026-04-01', '12:00', 'Asia/Tokyo')).toBe('2026-04-01T03:00:00.000Z');
    expect(zonedInstant('2026-04-01', '02:00', 'Asia/Tokyo')).toBe('2026-03-31T17:00:00.000Z');
    expect(inputTime('2026-04-01T03:05:00.000Z', 'Asia/Tokyo')).toBe('12:05');
    expect(inputTime(null, 'Asia/Tokyo')).toBe('');
  });

  it('follows a zone with summer time on either side of the change', () => {
    // New York: EST (−5) in January, EDT (−4) in July.
    expect(zonedInstant('2026-01-15', '12:00', 'America/New_York')).toBe('2026-01-15T17:00:00.000Z');
    expect(zonedInstant('2026-07-15', '12:00', 'America/New_York')).toBe('2026-07-15T16:00:00.000Z');
  });

  it('steps calendar days across month and year ends', () => {
    expect(addDaysTo('2026-04-30', 1)).toBe('2026-05-01');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-02-28', 1)).toBe('2028-02-29');
  });
});
