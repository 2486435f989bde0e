/**
 * The account fields the sign-in page and the forgotten-password page share: the e-mail (the
 * account's username for password managers), and the new password with its confirmation, the
 * password policy as the hint and the server's field errors under the password (the first-time
 * password on sign-in, NEW_PASSWORD_REQUIRED, and the reset's last step).
 */
import { t } from '../i18n';

/** The account's e-mail: `${id}-email`. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="form__field">
      <label htmlFor={`${id}-email`}>{t.signIn.email}</label>
      <input
        id={`${id}-email`}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function NewPasswordFields({
  id,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: {
  /** A useId() of the form: the inputs are `${id}-password` and `${id}-confirmation`. */
  id: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: readonly string[];
}) {
  return (
    <>
      <div className="form__field">
        <label htmlFor={`${id}-password`}>{t.signIn.newPassword}</label>
        <input
          id={`${id}-password`}
          type="password"
          name="new-password"
          autoComplete="new-password"
          aria-describedby={errors.length ? `${id}-policy ${id}-password-error` : `${id}-policy`}
          aria-invalid={errors.length ? true : undefined}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
        <p id={`${id}-policy`} className="form__hint">
          {t.messages.passwordPolicy}
        </p>
        {errors.length > 0 && (
          <span id={`${id}-password-error`} className="form__field-error" role="alert">
            {errors.join(' ')}
          </span>
        )}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-confirmation`}>{t.signIn.newPasswordConfirmation}</label>
        <input
          id={`${id}-confirmation`}
          type="password"
          name="new-password-confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => onConfirmation(e.target.value)}
        />
      </div>
    </>
  );
}
