/**
 * スタッフ一括登録 (`/management/staff/import`): template download, file chooser, a preview of every
 * row with its problems, 登録する only when every row passes, then the background job's progress and
 * result. Usable at a phone's width (the preview table scrolls sideways).
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { labelled } from '../wording';
import { PageTitle } from '../../shared/page-title';
import {
  TEMPLATE_HEADER,
  getImport,
  previewImport,
  retryImport,
  startImport,
  templateHref,
  toBase64,
  type ImportJob,
  type ImportPreview,
} from './staff-import-api';
import '../../shared/page.css';
import '../admin.css';

const T = t.staffImport;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 2,000 Cognito users take minutes: the screen keeps polling for up to an hour. */
const DEADLINE_MS = 60 * 60 * 1000;

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'preview'; file: string; preview: ImportPreview }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; job: ImportJob }
  | { kind: 'failed'; message: string; job?: ImportJob };

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const byRow = new Map<number, string[]>();
  for (const p of preview.problems) {
    const list = byRow.get(p.row) ?? [];
    list.push(p.column ? `${labelled(p.column)}${p.message}` : p.message);
    byRow.set(p.row, list);
  }
  const C = T.columns;
  const fileLevel = preview.problems.filter((p) => p.row === 0 || !preview.rows.some((r) => r.row === p.row));
  return (
    <>
      {fileLevel.length > 0 && (
        <div className="page-section" role="alert">
          <h3>{T.fileProblems}</h3>
          <ul className="import-problems">
            {fileLevel.map((p, i) => (
              <li key={i}>
                {p.row > 0 && `${fmt(T.rowLabel, { row: String(p.row) })} `}
                {p.column ? labelled(p.column) : ''}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table import-table">
            <thead>
              <tr>
                <th scope="col">{C.row}</th>
                <th scope="col">{C.result}</th>
                <th scope="col">{C.employee_number}</th>
                <th scope="col">{C.name}</th>
                <th scope="col">{C.name_kana}</th>
                <th scope="col">{C.email}</th>
                <th scope="col">{C.department}</th>
                <th scope="col">{C.employment_status}</th>
                <th scope="col">{C.hire_date}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => {
                const problems = byRow.get(r.row) ?? [];
                return (
                  <tr key={r.row} className={problems.length ? 'import-row--bad' : undefined} data-row={r.row}>
                    <th scope="row" className="num">
                      {r.row}
                    </th>
                    <td>
                      {problems.length ? (
                        <ul className="import-problems">
                          {problems.map((m, i) => (
                            <li key={i}>{m}</li>
                          ))}
                        </ul>
                      ) : r.registered ? (
                        T.rowRegistered
                      ) : (
                        T.rowOk
                      )}
                    </td>
                    <td>{r.employee_number}</td>
                    <td>
                      {r.last_name} {r.first_name}
                    </td>
                    <td>{r.name_kana}</td>
                    <td>{r.email}</td>
                    <td>{r.department}</td>
                    <td>{r.employment_status}</td>
                    <td>{r.hire_date}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export default function StaffImportPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const run = useRef(0);

  async function onCheck() {
    const chosen = input.current?.files?.[0];
    if (!chosen) return;
    const mine = ++run.current;
    setStage({ kind: 'checking' });
    let file: string;
    try {
      file = toBase64(new Uint8Array(await chosen.arrayBuffer()));
    } catch {
      return setStage({ kind: 'failed', message: T.readFailed });
    }
    const res = await previewImport(file);
    if (mine !== run.current) return;
    if (!res.ok) return setStage({ kind: 'failed', message: res.message });
    setStage({ kind: 'preview', file, preview: res.data });
  }

  async function onRegister(file: string) {
    const mine = ++run.current;
    const started = await startImport(file);
    if (!started.ok) {
      // Someone registered a row's e-mail since the preview: show the refreshed problems.
      const again = await previewImport(file);
      if (again.ok && !again.data.ok) return setStage({ kind: 'preview', file, preview: again.data });
      return setStage({ kind: 'failed', message: started.message });
    }
    await follow(mine, started.data.id, started.data.total);
  }

  /** Polls the job until it ends; a job that failed or whose worker stopped offers 再実行. */
  async function follow(mine: number, id: string, total: number) {
    setStage({ kind: 'importing', done: 0, total });
    const deadline = Date.now() + DEADLINE_MS;
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      await sleep(Math.min(400 + attempt * 200, 2000));
      if (mine !== run.current) return;
      const res = await getImport(id);
      if (!res.ok) continue;
      if (res.data.status === 'done') return setStage({ kind: 'done', job: res.data });
      if (res.data.status === 'failed')
        return setStage({ kind: 'failed', message: res.data.stalled ? T.stalled : T.failedRetry, job: res.data });
      setStage({ kind: 'importing', done: res.data.processed, total: res.data.total });
    }
    setStage({ kind: 'failed', message: T.failed });
  }

  async function onRetry(job: ImportJob) {
    const mine = ++run.current;
    setStage({ kind: 'importing', done: 0, total: job.total });
    const res = await retryImport(job.id);
    if (mine !== run.current) return;
    if (!res.ok) return setStage({ kind: 'failed', message: res.message, job });
    await follow(mine, job.id, job.total);
  }

  const preview = stage.kind === 'preview' ? stage.preview : null;
  const registeredRows = preview ? preview.rows.filter((r) => r.registered).length : 0;
  const busy = stage.kind === 'checking' || stage.kind === 'importing';
  return (
    <>
      <PageTitle title={T.title} />
      <section className="card page-section" aria-labelledby="staff-import-title">
        <div className="page-section__header">
          <h2 id="staff-import-title" className="page-section__title">
            {T.title}
          </h2>
          <Link className="button button--ghost button--small" to="/management/staff">
            {T.backToList}
          </Link>
        </div>
        <p className="page-hint">{T.intro}</p>
        <p>
          <a className="button button--ghost" href={templateHref()} download={t.staffImport.templateFile}>
            {T.template}
          </a>
        </p>
        <p className="page-hint">
          {TEMPLATE_HEADER.join(t.admin.listSeparator)}
          <br />
          {T.templateHint}
        </p>
        <div className="form__field">
          <label htmlFor="staff-import-file">{T.file}</label>
          <input
            id="staff-import-file"
            ref={input}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={() => void onCheck()}
          />
        </div>
        <p role="status" aria-live="polite">
          {stage.kind === 'checking' && T.checking}
          {preview?.encoding && fmt(T.encoding, { name: T.encodings[preview.encoding] ?? preview.encoding })}
          {preview && ' '}
          {preview &&
            (preview.ok
              ? registeredRows > 0
                ? fmt(T.allOkWithRegistered, {
                    n: String(preview.rows.length - registeredRows),
                    registered: String(registeredRows),
                  })
                : fmt(T.allOk, { n: String(preview.rows.length) })
              : fmt(T.problemCount, { n: String(preview.problems.length) }))}
          {stage.kind === 'importing' && (
            <>
              <progress max={stage.total || 1} value={stage.done} />{' '}
              {fmt(T.registering, { done: String(stage.done), total: String(stage.total) })}
            </>
          )}
          {stage.kind === 'done' && fmt(T.done, { created: String(stage.job.created) })}
          {stage.kind === 'done' &&
            stage.job.existing > 0 &&
            ` ${fmt(T.doneWithSkipped, { existing: String(stage.job.existing) })}`}
          {stage.kind === 'done' &&
            stage.job.failures.length > 0 &&
            ` ${fmt(T.doneWithFailures, { failed: String(stage.job.failures.length) })}`}
        </p>
        {stage.kind === 'failed' && <p role="alert">{stage.message}</p>}
        {(stage.kind === 'failed' || stage.kind === 'done') && stage.job?.retryable && (
          <p>
            {stage.kind === 'done' && <span className="page-hint">{T.rowsLeft} </span>}
            <button type="button" className="button button--primary" onClick={() => void onRetry(stage.job!)}>
              {T.retry}
            </button>
          </p>
        )}
        {stage.kind === 'done' && stage.job.failures.length > 0 && (
          <ul className="import-problems" role="alert">
            {stage.job.failures.map((f) => (
              <li key={f.row}>
                {fmt(T.rowLabel, { row: String(f.row) })} {f.message}
              </li>
            ))}
          </ul>
        )}
        {preview && (
          <>
            <p>
              <button
                type="button"
                className="button button--primary"
                disabled={!preview.ok}
                onClick={() => void onRegister(stage.kind === 'preview' ? stage.file : '')}
              >
                {T.register}
              </button>
            </p>
            {preview.ok && <p className="page-hint">{T.welcomeHint}</p>}
            <PreviewTable preview={preview} />
          </>
        )}
      </section>
    </>
  );
}
