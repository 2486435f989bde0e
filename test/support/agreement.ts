/**
 * The body of a plain 36協定 version (PUT /api/v1/overtime_agreement): 一般条項 45 h a month and 360 h a
 * year (労基法36条4項), no 特別条項, the year from April, the alert at 80 %. Tests that need an agreement
 * in force without caring about its figures use this one; `effective_from` is added when given.
 */
export const standardAgreement = (effectiveFrom?: string) => ({
  ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
  start_month: 4,
  variant: 'standard',
  monthly_limit_hours: 45,
  annual_limit_hours: 360,
  special_clause: false,
  alert_percent: 80,
});
