/**
 * 管理者アカウント一覧 (`/management/companies`): business name, representative, e-mail; edit and delete.
 * A delete closes the account at once; its admins and staff are disabled in the background, and the
 * page shows that progress until it is through.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { useLoad } from '../../shared/use-load';
import { useLogFailure } from '../log-failure';
import { RowActions } from '../row-actions';
import { deleteCompany, getCompanyClosing, listCompanies, type CloseJob, type Company } from './companies-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator;

/** A company just deleted: its accounts are being disabled in the background. */
interface Closing {
  id: string;
  name: string;
  job: CloseJob;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 停止中 n/m of a close, polled until the worker is through; a failed one can be run again (the
 * close is repeatable and finishes what is left).
 */
function ClosingProgress({ closing }: { closing: Closing }) {
  const [job, setJob] = useState<CloseJob>(closing.job);
  const [retrying, setRetrying] = useState(false);
  const finished = job.status === 'done' || job.status === 'failed';
  useEffect(() => {
    if (finished) return;
    let cancelled = false;
    void (async () => {
      for (let attempt = 0; !cancelled; attempt++) {
        await sleep(Math.min(500 + attempt * 250, 2000));
        if (cancelled) return;
        const res = await getCompanyClosing(closing.id);
        if (cancelled) return;
        if (!res.ok || !res.data) continue;
        setJob(res.data);
        if (res.data.status === 'done' || res.data.status === 'failed') return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [closing.id, finished]);

  async function retry() {
    setRetrying(true);
    const res = await deleteCompany(closing.id);
    setRetrying(false);
    if (res.ok) setJob(res.data.close_job);
  }

  const C = O.companies;
  const fill = (text: string) =>
    fmt(text, {
      name: closing.name,
      n: String(job.status === 'failed' ? job.failed : job.done),
      m: String(job.total ?? '-'),
    });
  return (
    <p className="page-hint" role="status" data-testid="company-closing">
      {fill(
        job.status === 'done'
          ? C.closed
          : job.stalled
            ? C.closeStalled
            : job.status === 'failed'
              ? C.closeFailed
              : C.closing,
      )}
      {job.status === 'failed' ? (
        <>
          {' '}
          <button type="button" className="button op-button" onClick={() => void retry()} disabled={retrying}>
            {C.closeRetry}
          </button>
        </>
      ) : null}
    </p>
  );
}

function CompanyRow({ company, onDeleted }: { company: Company; onDeleted: (job: CloseJob) => void }) {
  // The close's job, from the answer to the delete, for the progress line under the list.
  const job = useRef<CloseJob | null>(null);
  return (
    <tr>
      <td>{company.name}</td>
      <td>{company.staff_name}</td>
      <td className="op-break">{company.email}</td>
      <RowActions
        label={company.name}
        editTo={`/management/companies/${encodeURIComponent(company.id)}/edit`}
        confirmText={fmt(O.companies.confirmDelete, { name: company.name })}
        remove={async () => {
          const res = await deleteCompany(company.id);
          if (res.ok) job.current = res.data.close_job;
          return res;
        }}
        onDeleted={() => {
          if (job.current) onDeleted(job.current);
        }}
      />
    </tr>
  );
}

export default function CompaniesPage() {
  // Spec §8: a failed list load is logged, not alerted.
  const { state, reload, setData } = useLoad(listCompanies, 'companies', { alertOnGenericFailure: false });
  useLogFailure('companies', state);
  const [closings, setClosings] = useState<Closing[]>([]);

  return (
    <>
      <PageTitle title={t.pages.companies} />
      <p className="op-toolbar">
        <Link className="button button--primary" to="/management/companies/new">
          {O.companies.new}
        </Link>
      </p>
      {closings.map((closing) => (
        <ClosingProgress key={closing.job.id} closing={closing} />
      ))}
      <section className="card page-section" aria-label={t.pages.companies}>
        <LoadView state={state} onRetry={() => void reload()}>
          {(companies) =>
            companies.length === 0 ? (
              <p className="page-hint">{O.companies.empty}</p>
            ) : (
              <div className="table-scroll">
                <table className="data-table op-table">
                  <thead>
                    <tr>
                      <th scope="col">{O.companies.name}</th>
                      <th scope="col">{O.companies.staffName}</th>
                      <th scope="col">{O.companies.email}</th>
                      <th scope="col">
                        <span className="visually-hidden">{O.actions}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {companies.map((c) => (
                      <CompanyRow
                        key={c.id}
                        company={c}
                        onDeleted={(job) => {
                          setClosings((list) => [...list, { id: c.id, name: c.name, job }]);
                          setData((list) => list.filter((x) => x.id !== c.id));
                        }}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
