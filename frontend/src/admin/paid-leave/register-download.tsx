/**
 * The 管理簿 CSV download: starts an export job, polls it while the worker writes the file to S3,
 * then hands the short-lived presigned link to the browser (served as an attachment, the page stays).
 */
import { useState } from 'react';
import { t } from '../../i18n';
import { getRegisterExport, startRegisterExport } from './paid-leave-api';

const DEADLINE_MS = 2 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

async function download(employeeId: string | undefined, encoding: 'utf8' | 'sjis'): Promise<boolean> {
  const started = await startRegisterExport({ ...(employeeId ? { id: employeeId } : {}), encoding }, newKey());
  if (!started.ok) return false;
  for (let attempt = 0, deadline = Date.now() + DEADLINE_MS; Date.now() < deadline; attempt++) {
    await sleep(Math.min(500 + attempt * 250, 2000));
    const res = await getRegisterExport(started.data.id);
    if (!res.ok) continue;
    if (res.data.status === 'failed') return false;
    if (res.data.status === 'done' && res.data.download_url) {
      window.location.assign(res.data.download_url);
      return true;
    }
  }
  return false;
}

export function RegisterDownload({ employeeId }: { employeeId?: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [encoding, setEncoding] = useState<'utf8' | 'sjis'>('utf8');

  async function onClick() {
    setBusy(true);
    setMessage(null);
    const ok = await download(employeeId, encoding);
    setBusy(false);
    setMessage({ ok, text: ok ? t.messages.downloaded : t.messages.downloadFailed });
  }

  return (
    <div className="register-download">
      <select
        aria-label={t.paidLeave.csvEncoding}
        value={encoding}
        onChange={(e) => setEncoding(e.target.value === 'sjis' ? 'sjis' : 'utf8')}
      >
        <option value="utf8">UTF-8</option>
        <option value="sjis">Shift_JIS</option>
      </select>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy}
      >
        {t.paidLeave.csv}
      </button>
      <span role="status" className={message && !message.ok ? 'form__field-error' : 'page-hint'}>
        {message?.text}
      </span>
    </div>
  );
}
