import { api } from '../../lib/api';

export type RuleLevel = 'department_and_status' | 'department' | 'employment_status' | 'company';

export interface WorkingRule {
  fixed_hour: number | null;
  fixed_minute: number | null;
  over_hour: number | null;
  over_minute: number | null;
  unpaid_hour: number | null;
  unpaid_minute: number | null;
}

export interface BreakRule {
  condition_hour: number | null;
  condition_minute: number | null;
  break_hour: number | null;
  break_minute: number | null;
}

/** The answer of GET and POST: the rule in force for the pair, where it was set, and any warning. */
export interface RuleAnswer<R> {
  department_id: string | null;
  employment_status_id: string | null;
  level: RuleLevel | null;
  rule: R | null;
  warning: string | null;
}

export interface RulePair {
  department_id: string | null;
  employment_status_id: string | null;
}

const PATH = { working: '/api/v1/working_times', break: '/api/v1/break_times' } as const;

export const getWorkingRule = (pair: RulePair) => api.get<RuleAnswer<WorkingRule>>(PATH.working, { ...pair });
export const saveWorkingRule = (body: RulePair & Partial<WorkingRule>) => api.post<RuleAnswer<WorkingRule>>(PATH.working, body);
export const getBreakRule = (pair: RulePair) => api.get<RuleAnswer<BreakRule>>(PATH.break, { ...pair });
export const saveBreakRule = (body: RulePair & BreakRule) => api.post<RuleAnswer<BreakRule>>(PATH.break, body);
