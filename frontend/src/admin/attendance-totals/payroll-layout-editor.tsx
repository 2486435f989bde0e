/**
 * レイアウト設定 on the 勤怠集計 page (issue 18 item 2): the company's own payroll CSV layouts, each a
 * name, columns (a 勤怠集計 field and its header, in order: added, removed, moved up and down), a
 * time format (H:MM or decimal hours) and an encoding (UTF-8 with BOM or Shift_JIS). The server's
 * field errors show beside the control they concern (`columns.2.header` under the third header). On
 * a phone each column is one wrapped row: the field select and the header input on top, the buttons
 * below.
 */
import { useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { FormFeedback } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { failureMessage } from '../../shared/submit-failure';
import {
  createPayrollLayout,
  deletePayrollLayout,
  updatePayrollLayout,
  type PayrollLayout,
  type PayrollLayoutBody,
  type PayrollLayouts,
} from './attendance-totals-api';

const L = t.payrollLayouts;

interface ColumnRow {
  key: number;
  field: string;
  header: string;
}
let nextKey = 0;

type Draft = {
  id: string | null;
  name: string;
  time_format: PayrollLayoutBody['time_format'];
  encoding: PayrollLayoutBody['encoding'];
  columns: ColumnRow[];
};

const detail = (l: PayrollLayout) =>
  fmt(L.detail, { n: String(l.columns.length), time: L.timeFormats[l.time_format], encoding: L.encodings[l.encoding] });

function LayoutForm({
  data,
  draft,
  onDone,
  onCancel,
}: {
  data: PayrollLayouts;
  draft: Draft;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(draft.name);
  const [timeFormat, setTimeFormat] = useState(draft.time_format);
  const [encoding, setEncoding] = useState(draft.encoding);
  const [columns, setColumns] = useState<ColumnRow[]>(draft.columns);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labelOf = (field: string) => data.fields.find((f) => f.id === field)?.label ?? field;

  function setField(i: number, field: string) {
    setColumns((cs) =>
      cs.map((c, j) =>
        // A header still the old field's label follows the new field; a typed one stays.
        j === i ? { ...c, field, header: !c.header || c.header === labelOf(c.field) ? labelOf(field) : c.header } : c,
      ),
    );
  }
  const setHeader = (i: number, header: string) =>
    setColumns((cs) => cs.map((c, j) => (j === i ? { ...c, header } : c)));
  const remove = (i: number) => setColumns((cs) => cs.filter((_, j) => j !== i));
  function move(i: number, by: -1 | 1) {
    setColumns((cs) => {
      const to = i + by;
      if (to < 0 || to >= cs.length) return cs;
      const next = [...cs];
      [next[i], next[to]] = [next[to]!, next[i]!];
      return next;
    });
  }
  function add() {
    const used = new Set(columns.map((c) => c.field));
    const field = data.fields.find((f) => !used.has(f.id) && f.id !== 'blank')?.id ?? 'blank';
    setColumns((cs) => [...cs, { key: nextKey++, field, header: labelOf(field) }]);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = {
      name,
      time_format: timeFormat,
      encoding,
      columns: columns.map((c) => ({ field: c.field, header: c.header })),
    } as PayrollLayoutBody;
    const res = draft.id ? await updatePayrollLayout(draft.id, body) : await createPayrollLayout(body);
    setBusy(false);
    if (res.ok) return onDone(L.saved);
    setErrors(fieldErrorsOf(res));
    setError(failureMessage(res));
  }

  return (
    <form className="form layout-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h3 className="page-section__title">{draft.id ? L.formTitleEdit : L.formTitleNew}</h3>
      <FormFeedback error={error} />
      <div className="form__field">
        <label htmlFor="layout-name">{L.name}</label>
        <input
          id="layout-name"
          value={name}
          maxLength={data.limits.name}
          onChange={(e) => setName(e.target.value)}
          {...invalidProps('layout-name', errors.name)}
        />
        <FieldError id="layout-name" messages={errors.name} />
      </div>
      <div className="form__field">
        <label htmlFor="layout-time-format">{L.timeFormat}</label>
        <select
          id="layout-time-format"
          value={timeFormat}
          onChange={(e) => setTimeFormat(e.target.value as Draft['time_format'])}
          {...invalidProps('layout-time-format', errors.time_format)}
        >
          <option value="hmm">{L.timeFormats.hmm}</option>
          <option value="decimal">{L.timeFormats.decimal}</option>
        </select>
        <FieldError id="layout-time-format" messages={errors.time_format} />
      </div>
      <div className="form__field">
        <label htmlFor="layout-encoding">{L.encoding}</label>
        <select
          id="layout-encoding"
          value={encoding}
          onChange={(e) => setEncoding(e.target.value as Draft['encoding'])}
          {...invalidProps('layout-encoding', errors.encoding)}
        >
          <option value="utf8_bom">{L.encodings.utf8_bom}</option>
          <option value="sjis">{L.encodings.sjis}</option>
        </select>
        <FieldError id="layout-encoding" messages={errors.encoding} />
      </div>
      <fieldset className="layout-columns" {...invalidProps('layout-columns', errors.columns)}>
        <legend>{L.columns}</legend>
        <p className="page-hint">{L.columnsHint}</p>
        <FieldError id="layout-columns" messages={errors.columns} />
        <ol className="layout-columns__list">
          {columns.map((c, i) => {
            const n = String(i + 1);
            const fieldId = `layout-col-${c.key}-field`;
            const headerId = `layout-col-${c.key}-header`;
            const fieldErrors = errors[`columns.${i}.field`];
            const headerErrors = errors[`columns.${i}.header`];
            return (
              <li key={c.key} className="layout-column">
                <div className="layout-column__inputs">
                  <select
                    id={fieldId}
                    aria-label={fmt(L.field, { n: n })}
                    value={c.field}
                    onChange={(e) => setField(i, e.target.value)}
                    {...invalidProps(fieldId, fieldErrors)}
                  >
                    {data.fields.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                  <input
                    id={headerId}
                    aria-label={fmt(L.header, { n: n })}
                    value={c.header}
                    maxLength={data.limits.header}
                    onChange={(e) => setHeader(i, e.target.value)}
                    {...invalidProps(headerId, headerErrors)}
                  />
                </div>
                <div className="layout-column__buttons">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={fmt(L.up, { n: n })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={fmt(L.down, { n: n })}
                    disabled={i === columns.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={fmt(L.remove, { n: n })}
                    onClick={() => remove(i)}
                  >
                    {L.delete}
                  </button>
                </div>
                <FieldError id={fieldId} messages={fieldErrors} />
                <FieldError id={headerId} messages={headerErrors} />
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="button button--ghost"
          onClick={add}
          disabled={columns.length >= data.limits.columns}
        >
          {L.addColumn}
        </button>
      </fieldset>
      <div className="layout-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {L.save}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {L.cancel}
        </button>
      </div>
    </form>
  );
}

export function PayrollLayoutEditor({ data, onChanged }: { data: PayrollLayouts; onChanged: () => void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<{ error?: string | null; success?: string | null }>({});

  const newDraft = (): Draft => ({
    id: null,
    name: '',
    time_format: 'hmm',
    encoding: 'utf8_bom',
    columns: [{ key: nextKey++, field: 'employee_number', header: '社員番号' }],
  });
  const editDraft = (l: PayrollLayout): Draft => ({
    id: l.id,
    name: l.name,
    time_format: l.time_format === 'decimal' ? 'decimal' : 'hmm',
    encoding: l.encoding === 'sjis' ? 'sjis' : 'utf8_bom',
    columns: l.columns.map((c) => ({ key: nextKey++, field: c.field, header: c.header })),
  });

  async function onDelete(l: PayrollLayout) {
    if (!window.confirm(fmt(L.confirmDelete, { name: l.name }))) return;
    const res = await deletePayrollLayout(l.id);
    if (res.ok) {
      setMessage({ success: L.deleted });
      onChanged();
    } else setMessage({ error: failureMessage(res) });
  }

  return (
    <section className="card page-section" aria-labelledby="layout-settings-title">
      <h2 id="layout-settings-title" className="page-section__title">
        {L.settings}
      </h2>
      <p className="page-hint">{fmt(L.settingsIntro, { max: String(data.limits.layouts) })}</p>
      <FormFeedback error={message.error ?? null} success={message.success ?? null} />
      {data.layouts.length === 0 ? (
        <p className="page-hint">{L.empty}</p>
      ) : (
        <ul className="layout-list">
          {data.layouts.map((l) => (
            <li key={l.id} className="layout-list__item">
              <span className="layout-list__name">{l.name}</span>
              <span className="page-hint">{detail(l)}</span>
              <span className="layout-list__buttons">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={fmt(L.editLabel, { name: l.name })}
                  onClick={() => {
                    setMessage({});
                    setDraft(editDraft(l));
                  }}
                >
                  {L.edit}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={fmt(L.deleteLabel, { name: l.name })}
                  onClick={() => void onDelete(l)}
                >
                  {L.delete}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <LayoutForm
          key={draft.id ?? 'new'}
          data={data}
          draft={draft}
          onCancel={() => setDraft(null)}
          onDone={(success) => {
            setDraft(null);
            setMessage({ success });
            onChanged();
          }}
        />
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setMessage({});
            setDraft(newDraft());
          }}
          disabled={data.layouts.length >= data.limits.layouts}
        >
          {L.add}
        </button>
      )}
    </section>
  );
}
