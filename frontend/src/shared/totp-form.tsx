import { useId, useState, type FormEvent } from 'react';

/** Resolves true when the flow moved on (the form is leaving), false to re-enable it. */
type Submit = (code: string) => Promise<boolean>;

/** A one-time code field as phones expect it: digits keypad and the code offered from SMS/apps. */
export function TotpForm({ label, submitLabel, onSubmit }: { label: string; submitLabel: string; onSubmit: Submit }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const complete = /^\d{6}$/.test(code);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || !complete) return;
    setPending(true);
    const moved = await onSubmit(code);
    if (!moved) {
      setPending(false);
      setCode('');
    }
  }

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)} aria-busy={pending} noValidate>
      <div className="form__field">
        <label htmlFor={`${id}-code`}>{label}</label>
        <input
          id={`${id}-code`}
          type="text"
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={pending || !complete}>
        {submitLabel}
      </button>
    </form>
  );
}
