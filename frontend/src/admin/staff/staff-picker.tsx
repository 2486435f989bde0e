/**
 * A staff picker that searches as the admin types (WAI-ARIA combobox with a listbox popup) instead
 * of offering every member: a screen that opens reads no staff at all, and each search is one bounded
 * request (`GET /api/v1/employees?q=`: フリガナ or 氏名 prefix, 社員番号 or e-mail exact; issue 19).
 * Keyboard: ↓/↑ move through the results, Enter picks, Escape closes; a tap picks on a phone.
 * Empty means "none picked": the screen says what that stands for (the CSV download's 全て).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { fieldErrorId } from '../../shared/field-errors';
import { searchStaff, type Staff } from './staff-api';
import './staff-picker.css';

const P = t.staffPicker;
/** Results asked for per search: enough to pick from, small enough to read on a phone. */
const STAFF_PICKER_LIMIT = 20;
const DEBOUNCE_MS = 250;

/** A picked member: the id the form sends, the name the field shows, what a screen filters by. */
export interface PickedStaff {
  id: string;
  name: string;
  department_id?: string | null;
  employment_status_id?: string | null;
}

type Search =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'error' }
  | { status: 'ready'; staff: Staff[]; full: boolean };

export function StaffPicker({
  id,
  label,
  value,
  onChange,
  filter,
  errors,
  emptyHint,
  disabled,
}: {
  /** The input's id (labels and e2e tests find the field by it). */
  id: string;
  label: string;
  value: PickedStaff | null;
  onChange: (picked: PickedStaff | null) => void;
  /** Leaves out results the form cannot take (the CSV download's department and status). */
  filter?: (s: Staff) => boolean;
  errors?: readonly string[] | undefined;
  /** What leaving the field empty means on this screen (the CSV download: every member). */
  emptyHint?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value?.name ?? '');
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);
  const shown = useRef(value);
  const listId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const statusId = useId();

  // A pick the screen cleared (a filter it no longer matches) empties the field too.
  useEffect(() => {
    if (shown.current && !value) setText('');
    if (value) setText(value.name);
    shown.current = value;
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (!q || (value && text === value.name)) {
      seq.current++;
      setSearch({ status: 'idle' });
      return;
    }
    const mine = ++seq.current;
    setSearch({ status: 'searching' });
    const timer = window.setTimeout(() => {
      void searchStaff(q, STAFF_PICKER_LIMIT).then((res) => {
        // An answer to an older text is dropped: only the latest search shows.
        if (mine !== seq.current) return;
        if (!res.ok) return setSearch({ status: 'error' });
        setSearch({ status: 'ready', staff: res.data, full: res.data.length >= STAFF_PICKER_LIMIT });
        setActive(-1);
      });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  const options = search.status === 'ready' ? search.staff.filter((s) => !filter || filter(s)) : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  function pick(s: Staff) {
    const picked = {
      id: s.id,
      name: s.name,
      department_id: s.department_id,
      employment_status_id: s.employment_status_id,
    };
    shown.current = picked;
    setText(s.name);
    setOpen(false);
    setActive(-1);
    onChange(picked);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      // Picking must not submit the form the field is in.
      e.preventDefault();
      pick(options[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const statusText =
    search.status === 'searching'
      ? P.searching
      : search.status === 'error'
        ? P.failed
        : search.status === 'ready'
          ? options.length === 0
            ? P.none
            : `${fmt(P.found, { n: String(options.length) })}${search.full ? fmt(P.more, { n: String(STAFF_PICKER_LIMIT) }) : ''}`
          : '';
  const describedBy = [hintId, statusId, errors?.length ? fieldErrorId(id) : ''].filter(Boolean).join(' ');

  return (
    <div className="staff-picker">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={errors?.length ? true : undefined}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          // Typing over a pick unpicks it (and keeps what was typed).
          shown.current = null;
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {value && (
        <button
          type="button"
          className="button button--ghost staff-picker__clear"
          onClick={() => onChange(null)}
          disabled={disabled}
          aria-label={`${P.clear}${paren(label)}`}
        >
          {P.clear}
        </button>
      )}
      <ul id={listId} role="listbox" aria-label={label} className="staff-picker__list" hidden={!expanded}>
        {options.map((s, i) => (
          <li
            key={s.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'staff-picker__option staff-picker__option--active' : 'staff-picker__option'}
            // Keeps the focus in the field, so the blur does not close the list before the pick.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s)}
          >
            <span className="staff-picker__name">{s.name}</span>
            <span className="staff-picker__meta">
              {[s.name_kana, s.employee_number, s.department_name].filter(Boolean).join(t.admin.listSeparator)}
            </span>
          </li>
        ))}
      </ul>
      <span id={hintId} className="form__hint">
        {emptyHint ? `${P.hint}${emptyHint}` : P.hint}
      </span>
      <span id={statusId} className="form__hint staff-picker__status" role="status" aria-live="polite">
        {open || search.status === 'error' ? statusText : ''}
      </span>
    </div>
  );
}
