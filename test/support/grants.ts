/**
 * The statutory grant most tests need: 10 days on 2026-04-01 (six months after a 2025-10-01 hire,
 * 39条2項), expiring two years later (115条), made by the grant run.
 */
export const aprilGrant = (companyId: string, employeeId: string) => ({
  companyId,
  employeeId,
  grantId: 's20260401',
  grantedOn: '2026-04-01',
  days: 10,
  expiresOn: '2028-04-01',
  kind: 'statutory' as const,
  source: 'auto' as const,
  createdBy: 'system',
});
