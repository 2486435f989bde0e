/**
 * お知らせ新規登録 / お知らせ編集. Spec §5: the button is disabled while title or body is empty or a
 * request is pending; both date-times must be real calendar dates, else the alert 日時が不正です and
 * nothing is sent. New mode clears the form after success.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { TEXT_LIMITS } from '../../../../functions/domain/text-limits';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, LimitedTextarea, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { NotFound } from '../../shared/status-pages';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { EMPTY_DATE_TIME, assembleDateTime, selectionOf, yearChoices, type DateTimeSelection } from './date-time';
import { DateTimeSelects } from './date-time-selects';
import { createInfoItem, getInfoItem, updateInfoItem, type InfoItem } from './info-items-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator.infoItems;

interface FormValues {
  title: string;
  detail: string;
  start: DateTimeSelection;
  end: DateTimeSelection;
}

const EMPTY: FormValues = { title: '', detail: '', start: EMPTY_DATE_TIME, end: EMPTY_DATE_TIME };

const fromItem = (i: InfoItem): FormValues => ({
  title: i.title,
  detail: i.detail_text,
  start: selectionOf(i.start_at),
  end: selectionOf(i.end_at),
});

function InfoItemForm({ mode, id, initial }: { mode: 'new' | 'edit'; id?: string; initial: FormValues }) {
  const [values, setValues] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);
  const years = useMemo(() => yearChoices(new Date(), [initial.start.year, initial.end.year]), [initial]);

  const complete = values.title.trim() !== '' && values.detail.trim() !== '';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || sending) return;
    const startAt = assembleDateTime(values.start);
    const endAt = assembleDateTime(values.end);
    if (!startAt || !endAt) {
      window.alert(t.messages.invalidDateTime);
      return;
    }
    setSending(true);
    setError(null);
    setFieldErrors({});
    setSuccess(null);
    const input = { title: values.title, detail_text: values.detail, start_at: startAt, end_at: endAt };
    const res = mode === 'new' ? await createInfoItem(input) : await updateInfoItem(id ?? '', input);
    setSending(false);
    if (res.ok) {
      if (mode === 'new') setValues(EMPTY);
      setSuccess(mode === 'new' ? O.created : O.updated);
    } else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }

  return (
    <form className="form op-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormFeedback error={error} success={success} />
      <div className="form__field">
        <label htmlFor="info-title">{O.title}</label>
        <input
          id="info-title"
          type="text"
          maxLength={TEXT_LIMITS.announcementTitle}
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          {...invalidProps('info-title', fieldErrors.title)}
        />
        <FieldError id="info-title" messages={fieldErrors.title} />
      </div>
      <div className="form__field">
        <label htmlFor="info-detail">{O.detail}</label>
        <LimitedTextarea
          id="info-detail"
          rows={8}
          value={values.detail}
          onChange={(detail) => setValues((v) => ({ ...v, detail }))}
          max={TEXT_LIMITS.announcementBody}
          messages={fieldErrors.detail_text}
        />
      </div>
      <DateTimeSelects
        id="info-start"
        legend={O.startAt}
        years={years}
        value={values.start}
        onChange={(start) => setValues((v) => ({ ...v, start }))}
        messages={fieldErrors.start_at}
      />
      <DateTimeSelects
        id="info-end"
        legend={O.endAt}
        years={years}
        value={values.end}
        onChange={(end) => setValues((v) => ({ ...v, end }))}
        messages={fieldErrors.end_at}
      />
      <p className="form__hint">{O.timeZoneNote}</p>
      <div className="op-form__actions">
        <button type="submit" className="button button--primary" disabled={!complete || sending} aria-busy={sending}>
          {mode === 'new' ? t.operator.register : t.operator.update}
        </button>
        <Link to="/management/info_items">{t.operator.backToList}</Link>
      </div>
    </form>
  );
}

export function NewInfoItemPage() {
  return (
    <>
      <PageTitle title={t.pages.infoItemNew} />
      <InfoItemForm mode="new" initial={EMPTY} />
    </>
  );
}

export function EditInfoItemPage() {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(() => getInfoItem(id), id);
  if (state.status === 'error' && state.httpStatus === 404) return <NotFound />;
  return (
    <>
      <PageTitle title={t.pages.infoItemEdit} />
      <LoadView state={state} onRetry={() => void reload()}>
        {(item) => <InfoItemForm key={item.id} mode="edit" id={item.id} initial={fromItem(item)} />}
      </LoadView>
    </>
  );
}
