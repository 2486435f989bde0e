/**
 * Authentication, role and CSRF checks for every route of the route table, run on the sources
 * (test/support/security/route-security-suite.ts; route-security.bundled.test.ts runs it on the bundles).
 */
import { routeSecuritySuite } from '../support/security/route-security-suite.js';
import { useTestStack } from '../support/stack.js';

routeSecuritySuite(useTestStack());
