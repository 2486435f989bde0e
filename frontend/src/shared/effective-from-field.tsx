/**
 * 適用開始日: the date a settings version comes into force (every rule and setting is effective-dated,
 * issue 15). Empty means today on the server. Its hint and the server's field error (`effective_from`,
 * e.g. a date inside a closed period) stay next to the control.
 */
import { FieldError, invalidProps } from './field-errors';

export function EffectiveFromField({
  id,
  label,
  hint,
  value,
  onChange,
  errors,
}: {
  /** The input's id; the hint is `<id>-hint`. */
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
  errors: readonly string[] | undefined;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalidProps(id, errors, `${id}-hint`)}
      />
      <span id={`${id}-hint`} className="form__hint">
        {hint}
      </span>
      <FieldError id={id} messages={errors} />
    </div>
  );
}
