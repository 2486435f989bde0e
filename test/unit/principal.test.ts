/**
 * Typed callers: the route table's roles type the principal each route function receives, and the
 * middleware's runtime check (isComplete after the role check) is what makes that type true.
 * The expectTypeOf lines are checked by `npm run typecheck`; the expect lines at run time.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  AdminPrincipal,
  EmployeePrincipal,
  OperatorPrincipal,
  Principal,
} from '../../functions/shared/auth/session.js';
import { isComplete } from '../../functions/shared/auth/session.js';
import type { CallerOf, RouteNamesFor } from '../../functions/shared/middleware.js';

const base = { sub: 's', sessionId: 'x', userName: 'n', companyName: null, timeZone: 'Asia/Tokyo', mfaPending: false };

describe('the caller type of a route', () => {
  it('follows the roles of its route-table row', () => {
    expectTypeOf<CallerOf<'create-timestamp'>>().toEqualTypeOf<EmployeePrincipal>();
    expectTypeOf<CallerOf<'create-timestamp'>['companyId']>().toEqualTypeOf<string>();
    expectTypeOf<CallerOf<'create-timestamp'>['userId']>().toEqualTypeOf<string>();
    expectTypeOf<CallerOf<'list-employees'>>().toEqualTypeOf<AdminPrincipal>();
    expectTypeOf<CallerOf<'list-employees'>['companyId']>().toEqualTypeOf<string>();
    expectTypeOf<CallerOf<'list-companies'>>().toEqualTypeOf<OperatorPrincipal>();
    expectTypeOf<CallerOf<'list-timestamps'>>().toEqualTypeOf<EmployeePrincipal | AdminPrincipal>();
    expectTypeOf<CallerOf<'list-info-items'>>().toEqualTypeOf<Principal>();
    expectTypeOf<CallerOf<'get-session'>>().toEqualTypeOf<Principal | null>();
    expectTypeOf<CallerOf<'create-inquiry'>>().toEqualTypeOf<Principal | null>();
    expectTypeOf<'decide-holiday-request'>().toExtend<RouteNamesFor<'admin'>>();
    expectTypeOf<'create-holiday-request'>().not.toExtend<RouteNamesFor<'admin'>>();
    // Route names come from the table: a typo does not compile.
    expectTypeOf<'list-employee'>().not.toExtend<
      Parameters<typeof import('../../functions/shared/middleware.js').api>[0]
    >();
  });
});

describe('isComplete', () => {
  it('accepts a principal that has what its role promises', () => {
    expect(isComplete({ ...base, role: 'employee', companyId: 'c1', userId: 'e1' })).toBe(true);
    expect(isComplete({ ...base, role: 'admin', companyId: 'c1', userId: 'a1' })).toBe(true);
    expect(isComplete({ ...base, role: 'admin', companyId: 'c1', userId: null })).toBe(true);
    expect(isComplete({ ...base, role: 'operator', companyId: null, userId: null })).toBe(true);
  });

  it('refuses an employee or admin without a company, and an employee without an id', () => {
    // Built past the types on purpose: this is what the runtime check exists for.
    const broken = (p: object) => p as Principal;
    expect(isComplete(broken({ ...base, role: 'employee', companyId: null, userId: 'e1' }))).toBe(false);
    expect(isComplete(broken({ ...base, role: 'employee', companyId: 'c1', userId: null }))).toBe(false);
    expect(isComplete(broken({ ...base, role: 'employee', companyId: 'c1', userId: '' }))).toBe(false);
    expect(isComplete(broken({ ...base, role: 'admin', companyId: '', userId: 'a1' }))).toBe(false);
    expect(isComplete(broken({ ...base, role: 'operator', companyId: null, userId: 'x' }))).toBe(false);
  });
});
