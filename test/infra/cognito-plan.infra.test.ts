import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { POOLS } from '../../functions/config/pools';
import {
  COGNITO_PLANS,
  DEFAULT_COGNITO_PLAN,
  KintaiUserPool,
  type CognitoPlan,
} from '../../lib/constructs/kintai-user-pool';
import { createKintaiApp } from '../../lib/kintai-app';
import { STAGE, synthKintai } from './synth';

/** What each plan must put in the template: the tier, and threat protection only on Plus. */
const EXPECTED: Record<CognitoPlan, { tier: string; addOns: unknown }> = {
  plus: { tier: 'PLUS', addOns: { AdvancedSecurityMode: 'ENFORCED' } },
  essentials: { tier: 'ESSENTIALS', addOns: undefined },
  lite: { tier: 'LITE', addOns: undefined },
};

const pools = (template: Template) =>
  Object.values(template.findResources('AWS::Cognito::UserPool')).map((r) => r.Properties);

describe('Cognito feature plan, a deployment choice (-c cognitoPlan=plus|essentials|lite)', () => {
  const savedContext = process.env.CDK_CONTEXT_JSON;
  afterEach(() => {
    if (savedContext === undefined) delete process.env.CDK_CONTEXT_JSON;
    else process.env.CDK_CONTEXT_JSON = savedContext;
  });

  it('defaults to Plus (threat protection on) and offers exactly three plans', () => {
    expect(DEFAULT_COGNITO_PLAN).toBe('plus');
    expect([...COGNITO_PLANS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(COGNITO_PLANS)('builds every kind of pool on %s', (plan) => {
    const stack = new Stack(new App(), 'Pools');
    for (const [key, definition] of Object.entries(POOLS)) {
      new KintaiUserPool(stack, key, { definition, poolName: `p-${key}`, clientName: `c-${key}`, plan });
    }
    const found = pools(Template.fromStack(stack));
    expect(found).toHaveLength(Object.keys(POOLS).length);
    for (const p of found) {
      expect(p.UserPoolTier).toBe(EXPECTED[plan].tier);
      expect(p.UserPoolAddOns).toEqual(EXPECTED[plan].addOns);
      // The operator's TOTP and the admin-only sign-up hold on every plan.
      expect(p.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
    }
    const operator = found.find((p) => p.UserPoolName === 'p-operator')!;
    expect(operator.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('reads the plan from the CDK context for all three pools of the app', () => {
    process.env.CDK_CONTEXT_JSON = JSON.stringify({ cognitoPlan: 'lite' });
    const { template } = synthKintai();
    const found = pools(template);
    expect(found).toHaveLength(3);
    for (const p of found) {
      expect(p.UserPoolTier).toBe('LITE');
      expect(p.UserPoolAddOns).toBeUndefined();
    }
  });

  it('refuses an unknown plan before building anything', () => {
    expect(() => createKintaiApp({ stage: STAGE, cognitoPlan: 'gold' as CognitoPlan, nag: false })).toThrow(
      'Invalid cognitoPlan "gold": one of plus, essentials, lite',
    );
    process.env.CDK_CONTEXT_JSON = JSON.stringify({ cognitoPlan: 'Plus' });
    expect(() => createKintaiApp({ stage: STAGE, nag: false })).toThrow(/Invalid cognitoPlan "Plus"/);
  });
});
