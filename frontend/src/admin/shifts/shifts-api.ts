import type { ShiftMonthView, ShiftSaveView, ShiftEntryView } from '../../../../functions/api/shifts/views';
import { api } from '../../lib/api';

/** GET / PUT /api/v1/shifts: the backend's own types. */
export type { ShiftMonthView, ShiftSaveView, ShiftEntryView };
export type ShiftPattern = ShiftMonthView['patterns'][number];

export const getShifts = (q: { year: number; month: number; limit: number; cursor?: string; department_id?: string }) =>
  api.get<ShiftMonthView>('/api/v1/shifts', q);
export const saveShifts = (entries: ShiftEntryView[]) => api.put<ShiftSaveView>('/api/v1/shifts', { entries });
