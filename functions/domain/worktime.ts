/**
 * Worked minutes of a shift. Until the working-time engine (issue 5) applies company break rules, the
 * break deducted is the legal minimum of 労働基準法 34条: over 6 h of restraint → 45 min, over 8 h → 60 min.
 */
export function legalMinimumBreak(restraintMinutes: number): number {
  if (restraintMinutes > 8 * 60) return 60;
  if (restraintMinutes > 6 * 60) return 45;
  return 0;
}

export function workedMinutes(punchInAt: string | undefined, punchOutAt: string | undefined): number | null {
  if (!punchInAt || !punchOutAt) return null;
  const restraint = Math.floor((Date.parse(punchOutAt) - Date.parse(punchInAt)) / 60_000);
  if (!(restraint >= 0)) return null;
  return Math.max(0, restraint - legalMinimumBreak(restraint));
}
