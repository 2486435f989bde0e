import type {
  BreakRuleView,
  RuleAnswerView,
  WorkingRuleView,
} from '../../../../functions/api/working-times/rule-routes';
import type { RecomputeJobView } from '../../../../functions/services/recompute';
import { api } from '../../lib/api';

/** The rules and the answer of GET and POST (the rule in force for the pair, its level, any warning): the backend's own types. */
export type WorkingRule = WorkingRuleView;
export type BreakRule = BreakRuleView;
export type RuleAnswer<R extends WorkingRule | BreakRule> = RuleAnswerView<R>;
export type RuleLevel = NonNullable<RuleAnswerView<WorkingRule>['level']>;

export interface RulePair {
  department_id: string | null;
  employment_status_id: string | null;
}

/** A saved version of the pair's rule (履歴) and the background recompute a save starts. */
export type RuleVersion<R extends WorkingRule | BreakRule> = RuleAnswer<R>['history'][number];
export type RecomputeJob = RecomputeJobView;
/** POST answers the GET's fields plus the recompute job (null when the version starts after this month). */
export type SavedRule<R extends WorkingRule | BreakRule> = RuleAnswer<R> & { recompute: RecomputeJob | null };
/** YYYY-MM-DD; left out = today in the company's time zone. */
export type Effective = { effective_from?: string };

const PATH = { working: '/api/v1/working_times', break: '/api/v1/break_times' } as const;

export const getWorkingRule = (pair: RulePair) => api.get<RuleAnswer<WorkingRule>>(PATH.working, { ...pair });
export const saveWorkingRule = (body: RulePair & Partial<WorkingRule> & Effective) =>
  api.post<SavedRule<WorkingRule>>(PATH.working, body);
export const getBreakRule = (pair: RulePair) => api.get<RuleAnswer<BreakRule>>(PATH.break, { ...pair });
/** A break rule as POST takes it: the second tier and the windows may be left out. */
export type BreakRuleBody = Pick<BreakRule, 'condition_hour' | 'condition_minute' | 'break_hour' | 'break_minute'> &
  Partial<Omit<BreakRule, 'condition_hour' | 'condition_minute' | 'break_hour' | 'break_minute'>>;
export type BreakWindow = BreakRule['windows'][number];
/** 休憩の打刻がない日: 'rule' (this rule's / the pattern's break) or 'none'. */
export type UnpunchedBreaks = BreakRule['unpunched_breaks'];
export const saveBreakRule = (body: RulePair & BreakRuleBody & Effective) =>
  api.post<SavedRule<BreakRule>>(PATH.break, body);
export const getRecomputeJob = (id: string) =>
  api.get<RecomputeJob>(`/api/v1/recompute_jobs/${encodeURIComponent(id)}`);
/** 再実行 of a recompute that failed or whose worker stopped: the answer is the job to poll. */
export const retryRecomputeJob = (id: string) =>
  api.post<RecomputeJob>(`/api/v1/recompute_jobs/${encodeURIComponent(id)}/retry`, {});
