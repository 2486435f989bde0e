/**
 * `/management/csv_download/download?start_year…&encoding…`: starts the export named by the query,
 * shows its progress while the worker writes the file, then hands the presigned link to the browser
 * (the object is served as an attachment, so the page stays) — ダウンロードしました; a refused request,
 * a failed job or no answer in time — ダウンロードに失敗しました.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fmt, locale, t } from '../../i18n';
import { paren } from '../wording';
import { FieldError, fieldErrorId, fieldErrorsOf, messagesFor } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { exportRequestFromQuery, getExport, newExportKey, startExport, type ExportJob } from './csv-download-api';
import '../../shared/page.css';
import '../admin.css';
import './csv-download.css';

const C = t.csvDownload;
/** Give up after this long: the worker's own limit is shorter, so a job still running is lost. */
const DEADLINE_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Quick first polls (small exports finish in a second or two), then easing off. */
const pollDelay = (attempt: number) => Math.min(500 + attempt * 250, 2000);

type Phase =
  | { kind: 'starting' }
  | { kind: 'running'; rows: number | null }
  | { kind: 'done'; job: ExportJob }
  | { kind: 'failed'; range?: string[] };

/** Assigning the link is the download: kept apart so it can be swapped in tests or other hosts. */
const startDownload = (url: string) => window.location.assign(url);

/** The server fields that name the period: the range as a whole and each of its dates' parts. */
const RANGE_FIELDS = ['date', 'start_year', 'start_month', 'start_day', 'end_year', 'end_month', 'end_day'];

export default function CsvDownloadRunPage() {
  const [params] = useSearchParams();
  const search = params.toString();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  // One key per visit: a re-run effect (StrictMode, a retried request) gets the same job, not a second one.
  const key = useRef(newExportKey());

  useEffect(() => {
    let cancelled = false;
    const request = exportRequestFromQuery(new URLSearchParams(search));
    async function run() {
      if (!request) return setPhase({ kind: 'failed' });
      const started = await startExport(request, key.current);
      if (cancelled) return;
      // A refused range (over a year, end before start) says why next to the period it concerns.
      if (!started.ok) {
        const errors = fieldErrorsOf(started);
        return setPhase({ kind: 'failed', range: messagesFor(errors, ...RANGE_FIELDS) });
      }
      setPhase({ kind: 'running', rows: null });
      const deadline = Date.now() + DEADLINE_MS;
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        await sleep(pollDelay(attempt));
        if (cancelled) return;
        const res = await getExport(started.data.id);
        if (cancelled) return;
        // A failed poll (network blip) is retried until the deadline; the job itself carries on.
        if (!res.ok) continue;
        const job = res.data;
        if (job.status === 'failed') return setPhase({ kind: 'failed' });
        if (job.status === 'done' && job.download_url) {
          startDownload(job.download_url);
          return setPhase({ kind: 'done', job });
        }
        setPhase({ kind: 'running', rows: job.row_count ?? null });
      }
      setPhase({ kind: 'failed' });
    }
    void run();
    return () => {
      cancelled = true;
    };
  }, [search]);

  const request = exportRequestFromQuery(params);
  const rangeErrors = phase.kind === 'failed' ? (phase.range ?? []) : [];
  const period = request
    ? fmt(C.period, {
        from: `${request.start_year}/${request.start_month}/${request.start_day}`,
        to: `${request.end_year}/${request.end_month}/${request.end_day}`,
      })
    : null;

  return (
    <>
      <PageTitle title={t.pages.csvDownload} />
      <section className="card page-section csv-run" aria-labelledby="csv-run-title">
        <h2
          id="csv-run-title"
          className="page-section__title"
          aria-describedby={rangeErrors.length ? fieldErrorId('csv-run-range') : undefined}
        >
          {period ?? t.pages.csvDownload}
        </h2>
        <FieldError id="csv-run-range" messages={rangeErrors} />
        {(phase.kind === 'starting' || phase.kind === 'running') && (
          <div className="csv-run__progress">
            <span className="csv-run__spinner" aria-hidden="true" />
            <div className="csv-run__text">
              <p role="status" className="csv-run__status">
                {phase.kind === 'starting' ? C.starting : C.creating}
              </p>
              <progress className="csv-run__bar" aria-label={C.progressLabel} />
              {phase.kind === 'running' && phase.rows !== null && (
                <p className="page-hint">{fmt(C.rows, { n: phase.rows.toLocaleString('ja-JP') })}</p>
              )}
            </div>
          </div>
        )}
        {phase.kind === 'done' && (
          <>
            <p role="status" className="form-notice csv-run__done">
              {t.messages.downloaded}
            </p>
            <p className="page-hint">
              {phase.job.file_name}
              {typeof phase.job.row_count === 'number' &&
                paren(fmt(C.rows, { n: phase.job.row_count.toLocaleString(locale()) }))}
            </p>
            {phase.job.unencodable_chars ? (
              <p role="alert" className="form-error">
                {fmt(C.unencodable, { n: phase.job.unencodable_chars.toLocaleString('ja-JP') })}
              </p>
            ) : null}
            {phase.job.download_url && (
              <p>
                <a href={phase.job.download_url} className="button button--ghost">
                  {C.again}
                </a>
                {phase.job.link_expires_in ? (
                  <span className="form__hint csv-run__expiry">
                    {fmt(C.linkExpiry, { n: String(Math.round(phase.job.link_expires_in / 60)) })}
                  </span>
                ) : null}
              </p>
            )}
          </>
        )}
        {phase.kind === 'failed' && (
          <p role="alert" className="form-error">
            {t.messages.downloadFailed}
          </p>
        )}
        <p>
          <Link to="/management/csv_download">{C.back}</Link>
        </p>
      </section>
    </>
  );
}
