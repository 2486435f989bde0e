import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { listInfoItems, type InfoItem } from './info-items-api';
import './info-items.css';

/**
 * Announcement banners above every page of an area: links to `{prefix}/info_items/{id}`. Nothing
 * at all is rendered while loading, when there is none, or when the list fails (spec §8: list
 * failures go to the console only), so a page never jumps for an empty box.
 */
export function InfoBanners({ prefix }: { prefix: string }) {
  const [items, setItems] = useState<InfoItem[]>([]);

  useEffect(() => {
    let current = true;
    void listInfoItems().then((res) => {
      if (!current) return;
      if (res.ok && Array.isArray(res.data)) setItems(res.data);
      else if (!res.ok) console.error('info_items', res.status, res.message);
    });
    return () => {
      current = false;
    };
  }, []);

  if (items.length === 0) return null;
  return (
    <aside className="info-banners" aria-label={t.infoItems.bannerLabel}>
      <ul className="info-banners__list">
        {items.map((item) => (
          <li key={item.id}>
            <Link className="info-banners__link" to={`${prefix}/info_items/${encodeURIComponent(item.id)}`}>
              <span className="info-banners__tag" aria-hidden="true">
                {t.infoItems.bannerLabel}
              </span>
              <span className="info-banners__title">{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
