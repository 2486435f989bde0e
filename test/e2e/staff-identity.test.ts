/**
 * Issue 18 item 3 in Chromium, on a phone: the admin registers a staff member with 社員番号 and フリガナ
 * (typed in ひらがな), sees the list in 五十音 order with the number and the フリガナ, and a number in use
 * is refused with the reason next to the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, pickStaff, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { db } from '../../functions/db/service.js';
import { employeeNumberGuard } from '../../functions/db/staff.js';
import { newId } from '../../functions/shared/ids.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const TEMP = 'Temp#Passw0rd2026';
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '五十音株式会社' });
  const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  for (const [last, first, kana, number] of [
    ['渡辺', '一郎', 'ワタナベ イチロウ', 'W-1'],
    ['阿部', '花子', 'アベ ハナコ', 'A-1'],
  ] as const) {
    const res = await admin.post('/api/v1/employees', {
      last_name: last,
      first_name: first,
      email: `kana-${number}-${Date.now()}@example.test`,
      password: TEMP,
      department_id: null,
      employment_status_id: null,
      name_kana: kana,
      employee_number: number,
    });
    expect(res.status).toBe(201);
  }
});

describe('staff identity in Chromium on a phone', () => {
  it('adds a member with 社員番号 and フリガナ and lists staff in 五十音 order; a taken number is refused beside the field', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/staff/new`);
    await page.locator('#staff-employee_number').fill('Ｋ－１');
    await page.locator('#staff-last_name').fill('加藤');
    await page.locator('#staff-first_name').fill('次郎');
    await page.locator('#staff-name_kana').fill('かとう じろう');
    await page.locator('#staff-email').fill(`kana-k-${Date.now()}@example.test`);
    await page.locator('#staff-password').fill(TEMP);
    expect(await page.locator('#staff-employee_number-hint').textContent()).toContain('半角英数字');
    await page.getByRole('button', { name: '登録' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('登録が完了しました。');

    // A number already in use (case does not matter): the reason under the 社員番号 field.
    await page.locator('#staff-employee_number').fill('a-1');
    await page.locator('#staff-last_name').fill('重複');
    await page.locator('#staff-first_name').fill('太郎');
    await page.locator('#staff-email').fill(`kana-dup-${Date.now()}@example.test`);
    await page.locator('#staff-password').fill(TEMP);
    await page.getByRole('button', { name: '登録' }).click();
    const taken = 'この社員番号はすでに使われています。';
    await poll(() => page.locator('#staff-employee_number-error').textContent()).toBe(taken);
    expect(await page.locator('#staff-employee_number').getAttribute('aria-invalid')).toBe('true');

    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    const names = page.locator('.staff-table tbody th[scope="row"] a');
    // フリガナ order: アベ, カトウ, ワタナベ; 社員 1号 has no フリガナ and comes last.
    await poll(() => names.allTextContents()).toEqual(['阿部 花子', '加藤 次郎', '渡辺 一郎', '社員 1号']);
    const kato = page.getByRole('row', { name: /加藤 次郎/ });
    expect(await kato.locator('.staff-kana').textContent()).toBe('カトウ ジロウ');
    expect(await kato.locator('.staff-number').textContent()).toBe('K-1');
    // The page itself does not scroll sideways on a phone (the table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The edit form shows the stored values.
    await kato.getByRole('link', { name: /編集/ }).click();
    await poll(() => page.locator('#staff-name_kana').inputValue()).toBe('カトウ ジロウ');
    expect(await page.locator('#staff-employee_number').inputValue()).toBe('K-1');
  });

  it('shows a large staff a page at a time (さらに表示); the CSV picker finds a member beyond the first page', async () => {
    // 105 members written straight to the table (Cognito users are not needed to be listed): more than
    // one page of 100. フリガナ ア0001… keeps the expected order obvious.
    const big = await createTenant({ employees: 0, name: '大人数株式会社' });
    const members = Array.from({ length: 105 }, (_, i) => {
      const n = String(i + 1).padStart(4, '0');
      return {
        companyId: big.companyId,
        employeeId: newId(),
        lastName: '社員',
        firstName: n,
        nameKana: `シャイン ${n}`,
        email: `big-${n}-${Date.now()}@example.test`,
      };
    });
    // One more after them in 五十音 order (ワ): on the second page of the list, found by the search.
    const wada = {
      companyId: big.companyId,
      employeeId: newId(),
      lastName: '和田',
      firstName: '優',
      nameKana: 'ワダ ユウ',
      employeeNumber: 'Big-106',
      email: `big-wada-${Date.now()}@example.test`,
    };
    await db()
      .entities.Employee.put([...members, wada])
      .go();
    await db()
      .entities.UniqueValue.create({
        ...employeeNumberGuard(big.companyId, wada.employeeNumber),
        ownerId: wada.employeeId,
      })
      .go();
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', big.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    const names = page.locator('.staff-table tbody th[scope="row"] a');
    await poll(() => names.count()).toBe(100);
    expect(await names.first().textContent()).toBe('社員 0001');
    expect(await names.last().textContent()).toBe('社員 0100');
    const more = page.getByRole('button', { name: 'さらに表示' });
    await more.click();
    await poll(() => names.count()).toBe(106);
    expect(await names.nth(104).textContent()).toBe('社員 0105');
    expect(await names.last().textContent()).toBe('和田 優');
    // The last page has no next: the button is gone.
    await poll(() => more.count()).toBe(0);

    // The CSV download's staff picker reads no staff list: it searches as the admin types.
    await page.goto(`${e2e.stack.baseUrl}/management/csv_download`);
    const field = page.getByRole('combobox', { name: '氏名' });
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#csv-staff-hint').textContent()).toContain(
      '氏名（姓から）・フリガナ・社員番号・メールアドレスで検索',
    );
    // A common reading: the first 20 in 五十音 order, and a word that typing more narrows it.
    await field.fill('しゃいん');
    const options = page.locator('#csv-staff-listbox').getByRole('option');
    await poll(() => options.count()).toBe(20);
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await options.first().textContent()).toContain('社員 0001');
    await poll(() => page.getByRole('status').filter({ hasText: '上位20件' }).count()).toBe(1);
    // The 氏名 as written (漢字) finds by its start; a name nobody has says so.
    await field.fill('和田');
    await poll(() => options.count()).toBe(1);
    expect(await options.first().textContent()).toContain('和田 優');
    await field.fill('渡辺');
    await poll(() => page.getByRole('status').filter({ hasText: '該当するスタッフがいません' }).count()).toBe(1);
    // By 社員番号 in another case, then by 半角カナ, with the keyboard: the member after the first page.
    await pickStaff(page, 'csv-staff', 'big-106', '和田 優');
    await page.getByRole('button', { name: '選択を解除（氏名）' }).click();
    await poll(() => field.inputValue()).toBe('');
    await field.fill('ﾜﾀﾞ');
    await poll(() => options.count()).toBe(1);
    await field.press('ArrowDown');
    expect(await field.getAttribute('aria-activedescendant')).toBe('csv-staff-option-0');
    await field.press('Enter');
    await poll(() => field.inputValue()).toBe('和田 優');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'ダウンロード' }).click();
    await page.waitForURL('**/management/csv_download/download?**');
    expect(new URL(page.url()).searchParams.get('id')).toBe(wada.employeeId);
  });
});
