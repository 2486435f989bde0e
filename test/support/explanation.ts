import { explanationView } from '../../functions/api/explanation-view.js';
import type { DayResult } from '../../functions/domain/worktime/day.js';
import { explainDay } from '../../functions/domain/worktime/explain-day.js';
import type { ExplanationLine } from '../../functions/domain/worktime/explanation.js';

/** Explanation lines (codes with params) as the API renders them in `language`. */
export const renderLines = (language: string, lines: readonly ExplanationLine[]): string[] =>
  explanationView(language, lines).map((l) => l.message);

/**
 * A day's explanation in Japanese, as a Japanese user reads it: the engine's codes through the ja
 * catalogue. The engine tests compare these with today's wording word for word.
 */
export const jaLines = (day: DayResult): string[] => renderLines('ja', explainDay(day));

/** The lines a system's pass (variable.ts / flex.ts) left on a day, in Japanese. */
export const jaSystemLines = (day: DayResult): string[] => renderLines('ja', day.systemLines);
