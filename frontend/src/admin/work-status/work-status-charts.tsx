/**
 * The work status charts (issue 9): this month's 法定外 per employee against the alert limit, and the
 * company's 法定外 over the last 12 months. Hand-written SVG (no chart library ships to the admin);
 * coordinates are percentages of the drawing's width so the text stays readable at any screen width.
 * Each chart is one image for assistive technology, with the same figures in a table under 表で見る.
 */
import type { ReactNode } from 'react';
import { fmt, t } from '../../i18n';
import { formatHoursJa, formatMinutes } from '../../shared/time';
import type { EmployeeMonthFigures } from './work-status-api';

/** Bars drawn in the staff chart; a company of hundreds shows its longest hours, not a wall of bars. */
const STAFF_CHART_MAX = 20;

const WS = t.admin.workStatus;
const monthLabel = (ym: string) => `${Number(ym.slice(5, 7))}${t.common.month}`;
const longMonth = (ym: string) => `${ym.slice(0, 4)}${t.common.year}${Number(ym.slice(5, 7))}${t.common.month}`;
const pct = (n: number) => `${Math.max(0, Math.min(100, n)).toFixed(2)}%`;

function TableFallback({ children }: { children: ReactNode }) {
  return (
    <details className="chart-table">
      <summary>{WS.asTable}</summary>
      <div className="table-scroll">{children}</div>
    </details>
  );
}

const ROW = 30;
const TOP = 22;
const LABEL_WIDTH = 30;
const PLOT_X = 31;
const PLOT_WIDTH = 55;

export function StaffOvertimeChart({
  employees,
  limitMinutes,
  overLimit,
}: {
  /** The staff with the most 法定外 (the digest's top N, not every employee). */
  employees: readonly EmployeeMonthFigures[];
  limitMinutes: number;
  /** Staff over the limit among all of them (the list may hold only the top N). */
  overLimit?: number;
}) {
  const rows = [...employees]
    .sort((a, b) => b.statutory_overtime_minutes - a.statutory_overtime_minutes || a.name.localeCompare(b.name, 'ja'))
    .slice(0, STAFF_CHART_MAX);
  const over = overLimit ?? employees.filter((e) => e.statutory_overtime_minutes > limitMinutes).length;
  const scale = Math.max(limitMinutes, ...rows.map((r) => r.statutory_overtime_minutes), 60) * 1.05;
  const limitX = (limitMinutes / scale) * 100;
  const height = TOP + rows.length * ROW + 6;
  const limitText = fmt(WS.limitLine, { h: Math.round(limitMinutes / 60) });

  return (
    <section className="card page-section chart-card" aria-labelledby="chart-staff-title">
      <h2 id="chart-staff-title" className="page-section__title">
        {WS.chartStaff}
      </h2>
      {rows.length === 0 ? (
        <p className="page-hint">{WS.chartStaffEmpty}</p>
      ) : (
        <>
          {employees.length > rows.length && <p className="page-hint">{fmt(WS.chartStaffTop, { n: rows.length })}</p>}
          <svg
            className="chart"
            role="img"
            aria-label={fmt(WS.chartStaffLabel, { limit: formatHoursJa(limitMinutes), over })}
            width="100%"
            height={height}
          >
            {rows.map((r, i) => {
              const y = TOP + i * ROW;
              const w = (r.statutory_overtime_minutes / scale) * 100;
              const isOver = r.statutory_overtime_minutes > limitMinutes;
              return (
                <g key={r.id}>
                  {/* A nested viewport clips a long name instead of letting it run into the bar. */}
                  <svg x="0" y={y} width={`${LABEL_WIDTH}%`} height={ROW}>
                    <text className="chart__label" x="0" y={ROW / 2} dominantBaseline="central">
                      {r.name}
                    </text>
                  </svg>
                  <svg x={`${PLOT_X}%`} y={y} width={`${PLOT_WIDTH}%`} height={ROW} overflow="visible">
                    <rect
                      className={isOver ? 'chart__bar chart__bar--over' : 'chart__bar'}
                      x="0"
                      y="6"
                      width={pct(w)}
                      height={ROW - 12}
                      rx="2"
                    />
                    <text className="chart__value" x={pct(w)} dx="5" y={ROW / 2} dominantBaseline="central">
                      {formatMinutes(r.statutory_overtime_minutes)}
                    </text>
                  </svg>
                </g>
              );
            })}
            <svg x={`${PLOT_X}%`} y="0" width={`${PLOT_WIDTH}%`} height={height} overflow="visible">
              <line className="chart__limit" x1={pct(limitX)} x2={pct(limitX)} y1={TOP - 4} y2={height} />
              <text className="chart__limit-label" x={pct(limitX)} y="12" textAnchor={limitX > 60 ? 'end' : 'middle'}>
                {limitText}
              </text>
            </svg>
          </svg>
          <TableFallback>
            <table className="data-table">
              <caption className="visually-hidden">{WS.chartStaff}</caption>
              <thead>
                <tr>
                  <th scope="col">{WS.colName}</th>
                  <th scope="col">{WS.colOvertime}</th>
                  <th scope="col">{WS.colLimit}</th>
                  <th scope="col">{WS.colSystem}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const diff = r.statutory_overtime_minutes - limitMinutes;
                  return (
                    <tr key={r.id}>
                      <th scope="row">{r.name}</th>
                      <td className="num">{formatMinutes(r.statutory_overtime_minutes)}</td>
                      <td className={diff > 0 ? 'num chart-table__over' : 'num'}>
                        {diff > 0
                          ? fmt(WS.overBy, { v: formatMinutes(diff) })
                          : fmt(WS.underBy, { v: formatMinutes(-diff) })}
                      </td>
                      {/* Named only when not 通常 (most staff): the cell stays empty for them. */}
                      <td>{r.system && r.system.kind !== 'standard' ? r.system.label : ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFallback>
        </>
      )}
    </section>
  );
}

const CHART_HEIGHT = 190;
const AXIS = 22;
const HEAD = 18;

export function MonthlyOvertimeChart({ months }: { months: readonly { month: string; overtime_minutes: number }[] }) {
  const data = months.slice(-12);
  const peak = data.reduce(
    (best, m) => (m.overtime_minutes > best.overtime_minutes ? m : best),
    data[0] ?? { month: '', overtime_minutes: 0 },
  );
  // Round the scale up to whole 10 hours so the grid lines carry round labels.
  const top = Math.max(600, Math.ceil(peak.overtime_minutes / 600) * 600);
  const plot = CHART_HEIGHT - AXIS - HEAD;
  // At least six slots wide, centred: one or two months do not become slabs across the card.
  const band = 100 / Math.max(data.length, 6);
  const offset = (100 - band * data.length) / 2;
  const yOf = (minutes: number) => HEAD + plot - (minutes / top) * plot;

  return (
    <section className="card page-section chart-card" aria-labelledby="chart-months-title">
      <h2 id="chart-months-title" className="page-section__title">
        {WS.chartMonths}
      </h2>
      {data.length === 0 ? (
        <p className="page-hint">{WS.chartMonthsEmpty}</p>
      ) : (
        <>
          <svg
            className="chart"
            role="img"
            aria-label={fmt(WS.chartMonthsLabel, {
              n: data.length,
              max: formatHoursJa(peak.overtime_minutes),
              month: longMonth(peak.month),
            })}
            width="100%"
            height={CHART_HEIGHT}
          >
            {[top, top / 2].map((v) => (
              <g key={v}>
                <line className="chart__grid" x1="0" x2="100%" y1={yOf(v)} y2={yOf(v)} />
                <text className="chart__axis" x="0" y={yOf(v) - 3}>
                  {formatHoursJa(v)}
                </text>
              </g>
            ))}
            <line className="chart__baseline" x1="0" x2="100%" y1={yOf(0)} y2={yOf(0)} />
            {data.map((m, i) => (
              <g key={m.month}>
                <rect
                  className="chart__bar"
                  x={pct(offset + (i + 0.2) * band)}
                  y={yOf(m.overtime_minutes)}
                  width={pct(band * 0.6)}
                  height={Math.max(0, yOf(0) - yOf(m.overtime_minutes))}
                  rx="2"
                />
                <text
                  className="chart__axis"
                  x={pct(offset + (i + 0.5) * band)}
                  y={CHART_HEIGHT - 6}
                  textAnchor="middle"
                >
                  {monthLabel(m.month)}
                </text>
              </g>
            ))}
          </svg>
          <TableFallback>
            <table className="data-table">
              <caption className="visually-hidden">{WS.chartMonths}</caption>
              <thead>
                <tr>
                  <th scope="col">{WS.colMonth}</th>
                  <th scope="col">{WS.colTotal}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{longMonth(m.month)}</th>
                    <td className="num">{formatHoursJa(m.overtime_minutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFallback>
        </>
      )}
    </section>
  );
}
