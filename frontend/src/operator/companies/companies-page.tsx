/** 管理者アカウント一覧 (`/management/companies`): business name, representative, e-mail; edit and delete. */
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { useLoad } from '../../shared/use-load';
import { useLogFailure } from '../log-failure';
import { RowActions } from '../row-actions';
import { deleteCompany, listCompanies, type Company } from './companies-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator;

function CompanyRow({ company, onDeleted }: { company: Company; onDeleted: (id: string) => void }) {
  return (
    <tr>
      <td>{company.name}</td>
      <td>{company.staff_name}</td>
      <td className="op-break">{company.email}</td>
      <RowActions
        label={company.name}
        editTo={`/management/companies/${encodeURIComponent(company.id)}/edit`}
        confirmText={O.companies.confirmDelete.replace('{name}', company.name)}
        remove={() => deleteCompany(company.id)}
        onDeleted={() => onDeleted(company.id)}
      />
    </tr>
  );
}

export default function CompaniesPage() {
  // Spec §8: a failed list load is logged, not alerted.
  const { state, reload, setData } = useLoad(listCompanies, 'companies', { alertOnGenericFailure: false });
  useLogFailure('companies', state);

  return (
    <>
      <PageTitle title={t.pages.companies} />
      <p className="op-toolbar">
        <Link className="button button--primary" to="/management/companies/new">
          {O.companies.new}
        </Link>
      </p>
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
                        onDeleted={(id) => setData((list) => list.filter((x) => x.id !== id))}
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
