import { t } from '../i18n';
import type { LoadState } from './use-load';
import { Loading } from './status-pages';
import './page.css';

/**
 * Result messages of a form or a page. The live regions are always rendered, so screen readers
 * announce a message that appears in them later (an alert region inserted with its text is often missed).
 */
export function FormFeedback({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <div role="alert" className={error ? 'form-error' : 'form-error form-error--empty'}>
        {error}
      </div>
      <div role="status" className={success ? 'form-notice' : 'visually-hidden'}>
        {success}
      </div>
    </>
  );
}

/** Loading, failure (with a retry) or the content of a loaded section. */
export function LoadView<T>({
  state,
  onRetry,
  children,
}: {
  state: LoadState<T>;
  onRetry: () => void;
  children: (data: T) => React.ReactNode;
}) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <div className="load-error">
        <p>{state.message || t.common.loadFailed}</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t.common.retry}
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
