import type { Role } from '../../routes.js';
import { env } from '../env.js';

export interface PoolConfig {
  role: Role;
  poolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
}

/**
 * Issuer and JWKS come from configuration so verification works unchanged against cognito-local
 * (`http://host:port/<poolId>`) and AWS (`https://cognito-idp.<region>.amazonaws.com/<poolId>`).
 */
export function pools(): Record<Role, PoolConfig> {
  const e = env();
  const base = e.COGNITO_ISSUER_BASE ?? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com`;
  const make = (role: Role, poolId: string, clientId: string): PoolConfig => {
    const issuer = `${base.replace(/\/$/, '')}/${poolId}`;
    return { role, poolId, clientId, issuer, jwksUrl: `${issuer}/.well-known/jwks.json` };
  };
  return {
    employee: make('employee', e.EMPLOYEE_POOL_ID, e.EMPLOYEE_CLIENT_ID),
    admin: make('admin', e.ADMIN_POOL_ID, e.ADMIN_CLIENT_ID),
    operator: make('operator', e.OPERATOR_POOL_ID, e.OPERATOR_CLIENT_ID),
  };
}
