/**
 * One cell of the シフト grid and the legend of its colours (issue 29 item 21). The cell shows what it
 * holds as text — the pattern's full name over up to two lines on the pattern's colour, 休, or the
 * default it falls back to, faint in a dashed box (its option says it in brackets); a native select, transparent and covering the cell, is the
 * control (keyboard, screen readers and a phone's picker work as with any select). The name is on
 * hover (title) and in the select's accessible value; patterns have no short name, so none is made up.
 */
import { t } from '../../i18n';
import { OFF, toneOf, type Cell } from './shift-grid';
import type { ShiftPattern } from './shifts-api';

const S = t.shifts;

/** `09:00`–`18:00` as 9:00–18:00 (翌 for a night pattern's end). */
const timesOf = (p: ShiftPattern) =>
  `${Number(p.start_time.slice(0, 2))}:${p.start_time.slice(3)}–${p.crosses_midnight ? S.nextDay : ''}${Number(
    p.end_time.slice(0, 2),
  )}:${p.end_time.slice(3)}`;

export function ShiftCell({
  value,
  patterns,
  fallback,
  fallbackText,
  unknownName,
  label,
  changed,
  onChange,
}: {
  value: Cell;
  patterns: readonly ShiftPattern[];
  /** The blank option: the default pattern in brackets, （休日）, or －. */
  fallback: string;
  /** What a blank cell shows: the default pattern's name, 休日, or －. */
  fallbackText: string;
  /** The name of a stored pattern no longer offered (deleted), if the cell holds one. */
  unknownName: string | null;
  label: string;
  changed: boolean;
  onChange: (value: Cell) => void;
}) {
  const index = patterns.findIndex((p) => p.id === value);
  const kind = value === '' ? 'default' : value === OFF ? 'off' : 'pattern';
  const text =
    kind === 'default' ? fallbackText : kind === 'off' ? S.off : (patterns[index]?.name ?? unknownName ?? value);
  const tone = kind === 'pattern' && index >= 0 ? ` ${toneOf(index)}` : '';
  return (
    <td className={`shift-cell shift-cell--${kind}${changed ? ' shift-cell--changed' : ''}`}>
      <div className={`shift-cell__box${tone}`} title={kind === 'default' ? fallback : text}>
        <span className="shift-cell__text" aria-hidden="true">
          {text}
        </span>
        <select value={value} aria-label={label} onChange={(e) => onChange(e.target.value)}>
          <option value="">{fallback}</option>
          {kind === 'pattern' && index < 0 && <option value={value}>{text}</option>}
          {patterns.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value={OFF}>{S.off}</option>
        </select>
      </div>
    </td>
  );
}

/** Which colour is which pattern (with its times), 休, and what a bracketed default means. */
export function PatternLegend({ patterns }: { patterns: readonly ShiftPattern[] }) {
  return (
    <ul className="shift-legend" aria-label={S.legend}>
      {patterns.map((p, i) => (
        <li key={p.id}>
          <span className={`shift-chip ${toneOf(i)}`}>{p.name}</span>
          <span className="shift-legend__times">{timesOf(p)}</span>
        </li>
      ))}
      <li>
        <span className="shift-chip shift-chip--off">{S.off}</span>
      </li>
      <li>
        <span className="shift-chip shift-chip--default">{S.defaultSample}</span>
        <span className="shift-legend__times">{S.defaultLegend}</span>
      </li>
    </ul>
  );
}
