/**
 * The route security suite on the Lambda bundles (test/support/bundles.ts): every shipped bundle loads,
 * authenticates, checks roles and CSRF, validates its input with its stand-in packages, and answers
 * without a server error — the sources passing the same suite (route-security.test.ts) does not prove it.
 */
import { afterAll, expect } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { FROM_SOURCE, bundledHandlers } from '../support/bundles.js';
import { routeSecuritySuite } from '../support/security/route-security-suite.js';
import { useTestStack } from '../support/stack.js';

const bundles = bundledHandlers();
routeSecuritySuite(useTestStack({ loadHandler: bundles.loadHandler }));

afterAll(() => {
  // Every route but the export starters (which would need a real Lambda) ran from its bundle.
  expect([...bundles.served].sort()).toEqual(
    ROUTES.map((r) => r.name)
      .filter((name) => !FROM_SOURCE.has(name))
      .sort(),
  );
});
