/**
 * Edit link and delete button of an operator list row: confirmation first, the button disabled while
 * deleting, the server message in an alert on failure (spec §5, §8). The row's name is read out with
 * each button for screen readers.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiResult } from '../lib/api';
import { fmt, t } from '../i18n';
import { failureMessage } from '../shared/submit-failure';

interface RowActionsProps {
  label: string;
  editTo: string;
  confirmText: string;
  remove: () => Promise<ApiResult<unknown>>;
  onDeleted: () => void;
}

export function RowActions({ label, editTo, confirmText, remove, onDeleted }: RowActionsProps) {
  const [deleting, setDeleting] = useState(false);

  async function onDelete() {
    if (!window.confirm(confirmText)) return;
    setDeleting(true);
    const res = await remove();
    setDeleting(false);
    if (res.ok) onDeleted();
    else {
      const message = failureMessage(res);
      if (message) window.alert(message);
    }
  }

  return (
    <td className="op-actions">
      <Link className="button button--ghost op-button" to={editTo}>
        {t.operator.edit}
        <span className="visually-hidden">{fmt(t.operator.paren, { text: label })}</span>
      </Link>
      <button
        type="button"
        className="button op-button op-button--danger"
        onClick={() => void onDelete()}
        disabled={deleting}
      >
        {t.operator.delete}
        <span className="visually-hidden">{fmt(t.operator.paren, { text: label })}</span>
      </button>
    </td>
  );
}
