/**
 * The new password and its confirmation, with the password policy as the hint and the server's
 * field errors under the password: the sign-in page's first-time password (NEW_PASSWORD_REQUIRED)
 * and the forgotten-password page's last step set a password the same way.
 */
import { t } from '../i18n';

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
