/**
 * The landing page's contact form: checked in the browser first (nothing is sent while a field is
 * wrong), then stored as an inquiry for the operator. Success and failure are announced.
 */
import { useState, type FormEvent } from 'react';
import { fmt, t } from '../i18n';
import { INQUIRY_LIMITS, postInquiry, validateInquiry, type InquiryField, type InquiryInput } from './contact-api';

const C = t.contact;

/** Element around the form on the landing page; the prerendered `/` hydrates only this (landing-client.tsx). */
export const CONTACT_FORM_SLOT = 'contact-form-slot';
const EMPTY: InquiryInput = { name: '', company: '', email: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState<InquiryInput>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof validateInquiry>>({});
  // The server's reasons per field when it refuses what the browser let through.
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const set = (field: InquiryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (serverErrors[field]) setServerErrors((e) => ({ ...e, [field]: [] }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    setResult(null);
    setServerErrors({});
    const found = validateInquiry(values);
    setErrors(found);
    const first = (['name', 'company', 'email', 'message'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending(true);
    const res = await postInquiry({
      name: values.name.trim(),
      company: values.company.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    });
    setSending(false);
    if (res.ok) {
      setValues(EMPTY);
      setResult({ ok: true, message: C.sent });
    } else {
      // 429 and validation answers carry the server's own message; anything else is the generic one.
      setResult({ ok: false, message: res.status === 429 || res.status === 400 ? res.message : C.failed });
      if (res.status === 400 && res.errors) setServerErrors(res.errors);
    }
  }

  const field = (name: InquiryField, label: string, input: (props: Record<string, unknown>) => React.ReactNode) => {
    const own = errors[name];
    const id = `contact-${name}`;
    const error = own
      ? own === 'tooLong'
        ? fmt(C.tooLong, { max: INQUIRY_LIMITS[name] })
        : C.errors[own]
      : serverErrors[name]?.join(' ');
    // The message box counts its characters against the server's limit (announced politely).
    const counter = name === 'message' ? `${id}-count` : undefined;
    const describedBy = [counter, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
    return (
      <div className="form__field">
        <label htmlFor={id}>
          {label}
          <span className="lp-required">{C.required}</span>
        </label>
        {input({
          id,
          name,
          value: values[name],
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.target.value),
        })}
        {counter && (
          <span
            id={counter}
            className={
              values[name].length > INQUIRY_LIMITS[name] ? 'form__hint lp-count lp-count--over' : 'form__hint lp-count'
            }
            aria-live="polite"
          >
            {values[name].length} / {INQUIRY_LIMITS[name]}
            <span className="visually-hidden">{t.fields.countUnit}</span>
          </span>
        )}
        {error && (
          <p id={`${id}-error`} className="lp-field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="card form lp-contact__form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h3 id="contact-form-title" className="lp-subtitle">
        {C.formTitle}
      </h3>
      <div role="alert" className={result && !result.ok ? 'form-error' : 'form-error form-error--empty'}>
        {result && !result.ok ? result.message : null}
      </div>
      <div role="status" className={result?.ok ? 'form-notice' : 'visually-hidden'}>
        {result?.ok ? result.message : null}
      </div>
      {field('name', C.name, (p) => (
        <input {...p} type="text" autoComplete="name" />
      ))}
      {field('company', C.company, (p) => (
        <input {...p} type="text" autoComplete="organization" />
      ))}
      {field('email', C.email, (p) => (
        <input {...p} type="email" autoComplete="email" inputMode="email" />
      ))}
      {field('message', C.message, (p) => (
        <textarea {...p} rows={6} />
      ))}
      <div>
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {sending ? C.sending : C.submit}
        </button>
      </div>
    </form>
  );
}
