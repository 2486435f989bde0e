/**
 * The signed-in frame shared by the employee, admin and operator areas: header with the account
 * title, company and user; a side menu that is a drawer on phones; the page in <main>.
 */
import { inParentheses } from './time';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { t } from '../i18n';
import { useSession } from '../lib/session';
import { Loading } from './status-pages';
import { useSignOut } from './use-sign-out';
import './area-layout.css';

/** `badge`: a short count shown after the label (e.g. 申請管理's unapproved requests), `badgeLabel` what a screen reader hears. */
export type MenuEntry =
  | { label: string; to: string; end?: boolean; badge?: string | null; badgeLabel?: string }
  | { label: string; children: readonly { label: string; to: string }[] };

export interface AreaLayoutProps {
  /** Header title, e.g. スタッフアカウント. */
  title: string;
  menu: readonly MenuEntry[];
  /** Sign-out API route of this area's user pool. */
  signOutPath: string;
  /** Where to go once signed out. */
  afterSignOut: string;
  /** Area modifier class (e.g. the admin menu's fixed 15vw width). */
  variant: 'employee' | 'admin' | 'operator';
  /** This area's page of the in-product operation manual (`/manual/employee`, …), opened in the same SPA. */
  manualPath: string;
}

const NAV_ID = 'side-nav';

function MenuLink({
  to,
  label,
  end,
  badge,
  badgeLabel,
}: {
  to: string;
  label: string;
  end?: boolean | undefined;
  badge?: string | null | undefined;
  badgeLabel?: string | undefined;
}) {
  return (
    <NavLink to={to} end={end ?? false} className="side-nav__link">
      {label}
      {badge && (
        <>
          <span className="side-nav__badge" aria-hidden="true">
            {badge}
          </span>
          <span className="visually-hidden">{inParentheses(String(badgeLabel ?? badge))}</span>
        </>
      )}
    </NavLink>
  );
}

export function AreaLayout({ title, menu, signOutPath, afterSignOut, variant, manualPath }: AreaLayoutProps) {
  const { session } = useSession();
  const { signOut, pending } = useSignOut(signOutPath, afterSignOut);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Following a menu link on a phone should reveal the page, not leave the drawer over it.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Tabbing past the last menu item (or clicking the page) leaves the drawer: close it rather than
    // leave keyboard focus moving through a page the drawer hides.
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as Node | null;
      if (target && !navRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <div className={`area area--${variant}`}>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <header className="app-header">
        <button
          ref={buttonRef}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={NAV_ID}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          <span className="visually-hidden">{t.header.menu}</span>
        </button>
        <p className="app-header__title">{title}</p>
        {session && (
          <dl className="app-header__account">
            {session.company_name && (
              <div>
                <dt className="visually-hidden">{t.header.companyName}</dt>
                <dd className="app-header__company">{session.company_name}</dd>
              </div>
            )}
            <div>
              <dt className="visually-hidden">{t.header.userName}</dt>
              <dd className="app-header__user">{session.user_name}</dd>
            </div>
          </dl>
        )}
      </header>
      <div className="area__body">
        <nav ref={navRef} id={NAV_ID} className={open ? 'side-nav is-open' : 'side-nav'} aria-label={t.nav.label}>
          <ul className="side-nav__list">
            {menu.map((entry) =>
              'children' in entry ? (
                <li key={entry.label} className="side-nav__group">
                  <span className="side-nav__group-label" id={`nav-group-${entry.label}`}>
                    {entry.label}
                  </span>
                  <ul className="side-nav__sublist" aria-labelledby={`nav-group-${entry.label}`}>
                    {entry.children.map((child) => (
                      <li key={child.to}>
                        <MenuLink to={child.to} label={child.label} />
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.to}>
                  <MenuLink
                    to={entry.to}
                    label={entry.label}
                    end={entry.end}
                    badge={entry.badge}
                    badgeLabel={entry.badgeLabel}
                  />
                </li>
              ),
            )}
            <li className="side-nav__separator">
              <NavLink to={manualPath} className="side-nav__link">
                {t.nav.manual}
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="side-nav__link side-nav__button"
                onClick={() => void signOut()}
                disabled={pending}
              >
                {t.nav.signOut}
              </button>
            </li>
          </ul>
        </nav>
        {open && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
        <main id="main" className="area__main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
