import { resetEnvCache } from '../../functions/shared/env.js';

/**
 * The API environment for unit tests that build requests (ElectroDB `.params()`) without a network:
 * placeholder names, nothing is ever sent.
 */
export function applyUnitEnv(): void {
  Object.assign(process.env, {
    STAGE: 'test',
    TABLE_NAME: 'keys-test',
    EMPLOYEE_POOL_ID: 'p',
    EMPLOYEE_CLIENT_ID: 'c',
    ADMIN_POOL_ID: 'p',
    ADMIN_CLIENT_ID: 'c',
    OPERATOR_POOL_ID: 'p',
    OPERATOR_CLIENT_ID: 'c',
  });
  resetEnvCache();
}
