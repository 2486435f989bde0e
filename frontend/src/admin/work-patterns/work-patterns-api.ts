import type { AssignmentBody, PatternBody, WorkSettingsBody } from '../../../../functions/api/work-patterns/schemas';
import type {
  AssignmentVersionView,
  AssignmentsView,
  WorkPatternView,
  WorkSettingsVersionView,
  WorkSettingsView,
} from '../../../../functions/api/work-patterns/views';
import { api } from '../../lib/api';
import { fmt, t } from '../../i18n';
import type { RecomputeJob } from '../rules/rules-api';

/** What the work-pattern routes answer and take: the backend's own types. */
export type {
  AssignmentBody,
  AssignmentVersionView as AssignmentVersion,
  AssignmentsView as Assignments,
  PatternBody,
  WorkPatternView as WorkPattern,
  WorkSettingsBody,
  WorkSettingsVersionView as WorkSettingsVersion,
  WorkSettingsView as WorkSettings,
};

type WithRecompute<T> = T & { recompute: RecomputeJob | null };

const item = (id: string) => `/api/v1/work_patterns/${encodeURIComponent(id)}`;

export const listPatterns = () => api.get<WorkPatternView[]>('/api/v1/work_patterns');
export const createPattern = (body: PatternBody) => api.post<WorkPatternView>('/api/v1/work_patterns', body);
export const updatePattern = (id: string, body: PatternBody) => api.put<WithRecompute<WorkPatternView>>(item(id), body);
export const deletePattern = (id: string) => api.delete<WorkPatternView>(item(id));

export const getAssignments = () => api.get<AssignmentsView>('/api/v1/work_pattern_assignments');
export const saveAssignment = (body: AssignmentBody) =>
  api.put<WithRecompute<AssignmentsView>>('/api/v1/work_pattern_assignments', body);

export const getWorkSettings = () => api.get<WorkSettingsView>('/api/v1/work_settings');
export const saveWorkSettings = (body: WorkSettingsBody) =>
  api.put<WithRecompute<WorkSettingsView>>('/api/v1/work_settings', body);

/** "07:00" → "7:00"; on the next day "翌7:00". */
const clockLabel = (hhmm: string, nextDay = false) =>
  `${nextDay ? t.shifts.nextDay : ''}${String(Number(hhmm.slice(0, 2)))}:${hhmm.slice(3)}`;

/** "22:00〜翌7:00" for a pattern or one of its breaks (a night break before the start is the next day's). */
export function rangeLabel(
  pattern: { start_time: string; crosses_midnight: boolean },
  range: { start_time: string; end_time: string },
  isPattern = false,
) {
  const next = (hhmm: string, isEnd: boolean) =>
    pattern.crosses_midnight &&
    (isPattern ? isEnd : hhmm < pattern.start_time || (isEnd && hhmm === pattern.start_time));
  return fmt(t.admin.range, {
    from: clockLabel(range.start_time, next(range.start_time, false)),
    to: clockLabel(range.end_time, next(range.end_time, true)),
  });
}

/** 480 → "8時間00分". */
export const durationLabel = (minutes: number) =>
  fmt(t.workPatterns.hoursMinutes, { h: String(Math.floor(minutes / 60)), m: String(minutes % 60).padStart(2, '0') });
