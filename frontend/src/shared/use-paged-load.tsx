/**
 * A list read a page at a time (the staff list, 有給管理): the first page loads like any section
 * (useLoad), さらに表示 appends the next with the last answer's cursor. Rows already shown are not
 * shown twice (a member edited between two pages can move across the cut).
 */
import { useCallback, useRef, useState } from 'react';
import { t } from '../i18n';
import type { ApiResult } from '../lib/api';
import { useLoad } from './use-load';

export function usePagedLoad<T>(
  loadPage: (cursor?: string | null) => Promise<ApiResult<T[]>>,
  idOf: (row: T) => string,
  key: string,
) {
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const pageRef = useRef(loadPage);
  pageRef.current = loadPage;
  const firstPage = useCallback(async () => {
    const res = await pageRef.current();
    setCursor(res.ok ? (res.nextCursor ?? null) : null);
    setMore({ busy: false, error: null });
    return res;
  }, []);
  const { state, reload, setData } = useLoad(firstPage, key, { alertOnGenericFailure: false });
  const loadMore = async () => {
    if (!cursor || more.busy) return;
    setMore({ busy: true, error: null });
    const res = await loadPage(cursor);
    if (!res.ok) return setMore({ busy: false, error: res.message });
    const seen = new Set<string>();
    setData((list) => [...list, ...res.data].filter((r) => !seen.has(idOf(r)) && seen.add(idOf(r))));
    setCursor(res.nextCursor ?? null);
    setMore({ busy: false, error: null });
  };
  return { state, reload, setData, hasMore: cursor !== null, more, loadMore };
}

/** さらに表示 under a paged list, with the failure of the last attempt beside it. */
export function ListMore({
  more,
  onMore,
}: {
  more: { busy: boolean; error: string | null };
  onMore: () => Promise<void>;
}) {
  return (
    <div className="list-more">
      <button type="button" className="button button--ghost" disabled={more.busy} onClick={() => void onMore()}>
        {more.busy ? t.app.loading : t.common.more}
      </button>
      {more.error && (
        <p role="alert" className="form-error">
          {more.error}
        </p>
      )}
    </div>
  );
}
