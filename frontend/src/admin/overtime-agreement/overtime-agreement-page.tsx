/**
 * 36協定設定 (`/management/overtime_agreement`, under 基本設定): the company's 36協定 as versions, on its
 * own settings screen (issue 29 item 19: it used to sit under 勤怠状況's figures beside the old
 * アラート設定, which is retired). A save answers for the version's own 適用開始日, so the page asks
 * again what is in force today without unmounting the form (its message stays), and has 勤怠状況's
 * figures built again: its alerts follow the new version.
 */
import { t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { useLoad } from '../../shared/use-load';
import { refreshWorkStatus } from '../work-status/work-status-api';
import { AgreementHistory, AgreementSettingsForm } from './agreement-settings-form';
import { getAgreement } from './overtime-agreement-api';
import '../../shared/page.css';
import '../admin.css';

const A = t.admin.workStatus.agreement;

export default function OvertimeAgreementPage() {
  const { state, reload, setData } = useLoad(getAgreement, 'overtime-agreement');
  return (
    <>
      <PageTitle title={A.title} />
      <p className="page-hint">{A.intro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <>
            <AgreementSettingsForm
              data={data}
              onSaved={(saved) => {
                setData(() => ({ ...data, versions: saved.versions }));
                void getAgreement().then((res) => res.ok && setData(() => res.data));
                void refreshWorkStatus();
              }}
            />
            <AgreementHistory versions={data.versions} />
          </>
        )}
      </LoadView>
    </>
  );
}
