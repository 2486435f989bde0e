/** メール通知設定 (`/management/mail_settings`): the signed-in admin's own お知らせメール and 表示言語. */
import { t } from '../../i18n';
import { PageTitle } from '../../shared/page-title';
import { ADMIN_MAIL_KINDS, LanguageSection, MailSettingsSection } from '../../shared/mail-settings/mail-settings';
import '../../shared/page.css';

export default function AdminMailSettingsPage() {
  return (
    <>
      <PageTitle title={t.mailSettings.pageTitle} />
      <p className="page-hint">{t.mailSettings.lead}</p>
      <MailSettingsSection kinds={ADMIN_MAIL_KINDS} />
      <LanguageSection />
    </>
  );
}
