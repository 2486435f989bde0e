/**
 * The server's field errors next to their fields (issue 14 item 4). A refused form keeps the spec's
 * message as the summary at the top (FormFeedback) and shows each reason the API names in `errors`
 * under the control it concerns: the control gets `aria-invalid` and `aria-describedby` pointing at it.
 * Free texts get their limit (the server's, from TEXT_LIMITS) as `maxLength` and a live counter.
 */
import type { ApiResult, FieldErrors } from '../lib/api';
import { fmt, t } from '../i18n';

export type { FieldErrors };

/** The field errors of a refused answer; none for a success or a failure without them. */
export function fieldErrorsOf(res: ApiResult<unknown>): FieldErrors {
  return !res.ok && res.errors ? res.errors : {};
}

/** The messages of several server fields shown at one place (the year, month and day of one date). */
export function messagesFor(errors: FieldErrors, ...fields: string[]): string[] {
  return fields.flatMap((f) => errors[f] ?? []);
}

export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * `aria-invalid` and `aria-describedby` for the control `id` when it has messages; `describedBy`
 * keeps the ids the control is already described by (a hint, a counter).
 */
export function invalidProps(id: string, messages: readonly string[] | undefined, describedBy?: string) {
  const invalid = Boolean(messages?.length);
  const ids = [describedBy, invalid ? fieldErrorId(id) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-describedby': ids || undefined,
  };
}

/** The reasons of one field, shown under it; nothing when it has none. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <span id={fieldErrorId(id)} className="form__field-error">
      {messages.join(' ')}
    </span>
  );
}

const textCountId = (id: string) => `${id}-count`;

type TextareaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'maxLength'>;

/**
 * A textarea that takes at most `max` characters (the server's limit), with a polite live counter
 * (`123 / 500`) and the server's reasons for it underneath. A longer value (pasted before, or set by
 * a script) is flagged as invalid with the counter in the error colour.
 */
export function LimitedTextarea({
  id,
  value,
  onChange,
  max,
  messages,
  describedBy,
  ...rest
}: TextareaProps & {
  id: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  messages?: readonly string[];
  describedBy?: string;
}) {
  const over = value.length > max;
  const own = over ? [fmt(t.fields.tooLong, { max: String(max) })] : [];
  const shown = [...new Set([...own, ...(messages ?? [])])];
  const aria = invalidProps(id, shown, [describedBy, textCountId(id)].filter(Boolean).join(' '));
  return (
    <>
      <textarea id={id} value={value} maxLength={max} onChange={(e) => onChange(e.target.value)} {...aria} {...rest} />
      <span
        id={textCountId(id)}
        className={over ? 'form__hint text-count text-count--over' : 'form__hint text-count'}
        aria-live="polite"
      >
        {value.length} / {max}
        <span className="visually-hidden">{t.fields.countUnit}</span>
      </span>
      <FieldError id={id} messages={shown} />
    </>
  );
}

/** A time of day (`HH:MM`) with the server's reasons for it underneath. */
export function TimeInput({
  id,
  value,
  onChange,
  messages,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  messages?: readonly string[] | undefined;
}) {
  return (
    <>
      <input
        id={id}
        type="time"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalidProps(id, messages)}
      />
      <FieldError id={id} messages={messages} />
    </>
  );
}
