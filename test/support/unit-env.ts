import { resetEnvCache } from '../../functions/shared/env.js';

/**
 * The API environment for unit tests without a network (ElectroDB `.params()`, token verification with
 * locally signed tokens): placeholder tables and pools, an emulator-style issuer; nothing is ever sent.
 */
export const UNIT_ENV = {
  STAGE: 'test',
  TABLE_NAME: 'keys-test',
  EMPLOYEE_POOL_ID: 'local_emp',
  EMPLOYEE_CLIENT_ID: 'emp-client',
  ADMIN_POOL_ID: 'local_adm',
  ADMIN_CLIENT_ID: 'adm-client',
  OPERATOR_POOL_ID: 'local_ops',
  OPERATOR_CLIENT_ID: 'ops-client',
  COGNITO_ISSUER_BASE: 'http://127.0.0.1:9229',
} as const;

export function applyUnitEnv(): void {
  Object.assign(process.env, UNIT_ENV);
  resetEnvCache();
}
