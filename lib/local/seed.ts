import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/db/service.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { env } from '../../functions/shared/env.js';
import { createPoolUser, poolUsername } from '../../functions/shared/pool-users.js';
import { loginKey } from '../../functions/db/logins.js';
import { ConflictError } from '../../functions/shared/errors.js';
import { addDays, instantOf, monthDates, today, weekday } from '../../functions/domain/time.js';
import { putRule } from '../../functions/db/rules.js';
import { backfillOrgUnitCounts } from '../../functions/db/organisation.js';
import { backfillEmailGuards, employeeNumberGuard } from '../../functions/db/staff.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { rebuildLastEndedChecklist } from '../../functions/services/closing-checklist-digest.js';
import { rebuildCurrentWorkStatus } from '../../functions/services/work-status-digest.js';
import { decideRequest, fileRequest } from '../../functions/db/requests.js';
import { calendarVersions, putCalendarVersion } from '../../functions/db/company-calendars.js';
import {
  calendarOfVersions,
  DEFAULT_CALENDAR,
  type CalendarVersion,
} from '../../functions/domain/worktime/calendar.js';
import { beginPeriodClosing } from '../../functions/db/period-closings.js';
import { periodOf } from '../../functions/domain/payroll-period.js';
import { runClosing } from '../../functions/exports/closing.js';
import { seedDemoMails } from './seed-mails.js';
import { DEMO_PATTERNS, seedDemoShifts } from './seed-shifts.js';
import { putAssignment, putWorkSetting, putWorkSystem } from '../../functions/db/work-patterns.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';

/**
 * Demo data for `npm start`: written once (a marker item guards it), so edits made while trying the
 * product survive restarts. The README lists these accounts.
 */
export const DEMO = {
  companyId: '01jx7demc0mpany00000000000',
  companyName: 'デモ株式会社',
  timeZone: 'Asia/Tokyo',
  admin: {
    adminId: '01jx7dema0000000000000000a',
    name: '山田 太郎',
    email: 'admin@demo.example.com',
    password: 'Admin#Pass2026',
  },
  operator: { email: 'operator@kintai.example.com', password: 'Operator#Pass2026' },
  departments: [
    { departmentId: '01jx7demd0000000000000000s', name: '営業部' },
    { departmentId: '01jx7demd0000000000000000d', name: '開発部' },
  ],
  statuses: [
    { employmentStatusId: '01jx7dems0000000000000000r', name: '正社員' },
    { employmentStatusId: '01jx7dems0000000000000000c', name: '契約社員' },
    { employmentStatusId: '01jx7dems0000000000000000f', name: 'フレックス社員' },
  ],
  employeePassword: 'Staff#Pass2026',
  employees: [
    {
      employeeId: '01jx7deme00000000000000001',
      lastName: '佐藤',
      firstName: '花子',
      // 社員番号 and フリガナ (issue 18): the staff list sorts by the フリガナ (五十音).
      employeeNumber: 'S-0001',
      nameKana: 'サトウ ハナコ',
      email: 'sato@demo.example.com',
      dept: 0,
      status: 0,
      cell: '090-1234-5678',
      hire: '2019-04-01',
    },
    {
      employeeId: '01jx7deme00000000000000002',
      lastName: '鈴木',
      firstName: '一郎',
      employeeNumber: 'S-0002',
      nameKana: 'スズキ イチロウ',
      email: 'suzuki@demo.example.com',
      dept: 0,
      status: 1,
      cell: '080-2345-6789',
      hire: '2024-10-01',
      daysPerWeek: 3,
      weeklyHours: 24,
    },
    {
      employeeId: '01jx7deme00000000000000003',
      lastName: '高橋',
      firstName: '美咲',
      employeeNumber: 'D-0001',
      nameKana: 'タカハシ ミサキ',
      email: 'takahashi@demo.example.com',
      dept: 1,
      // フレックス社員: フレックスタイム制 (seedSchedules).
      status: 2,
      cell: '070-3456-7890',
      hire: '2025-04-01',
    },
    {
      employeeId: '01jx7deme00000000000000004',
      lastName: '田中',
      firstName: '健太',
      employeeNumber: 'D-0002',
      nameKana: 'タナカ ケンタ',
      email: 'tanaka@demo.example.com',
      dept: 1,
      status: 0,
      cell: '090-4567-8901',
      hire: 'eleven-months-ago',
    },
    {
      employeeId: '01jx7deme00000000000000005',
      lastName: '伊藤',
      firstName: 'さくら',
      employeeNumber: 'D-0003',
      nameKana: 'イトウ サクラ',
      email: 'ito@demo.example.com',
      dept: 1,
      status: 1,
      cell: '080-5678-9012',
    },
    {
      employeeId: '01jx7deme00000000000000006',
      lastName: '渡辺',
      firstName: '翔',
      employeeNumber: 'S-0003',
      nameKana: 'ワタナベ ショウ',
      email: 'watanabe@demo.example.com',
      dept: 0,
      status: 0,
      cell: '070-6789-0123',
      hire: '2022-04-01',
      // Moved from 開発部 to 営業部 on the 1st of this month (issue 29 item 11: the staff form shows the
      // 履歴; last month's figures stay 開発部's).
      movedFromDept: 1,
    },
  ],
} as const;

const MARKER = { pk: 'platform', sk: 'seed#demo' };
/** 伊藤 (契約社員): 長日勤 on Mondays (lib/local/seed-shifts.ts). */
const ITO = '01jx7deme00000000000000005';

/** Creates the Cognito user unless a half-finished earlier seed already did; returns its sub if known. */
async function ignoreExisting(create: () => Promise<string>): Promise<string | undefined> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return undefined;
  }
}

/** Deterministic "random" minutes so the demo month looks lived-in but is the same on every machine. */
const jitter = (seed: string, span: number) => [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9973, 7) % span;

/** Punched breaks of a demo day: lunch from 12:00–12:09 for 45–59 minutes, and 15:00–15:10 on most days. */
function demoBreaks(date: string, employeeId: string) {
  const at = (minute: number) => instantOf(date, Math.floor(minute / 60), minute % 60, DEMO.timeZone);
  const lunch = 12 * 60 + jitter(`${date}lunch${employeeId}`, 10);
  const breaks = [{ startAt: at(lunch), endAt: at(lunch + 45 + jitter(`${employeeId}${date}`, 15)) }];
  if (jitter(`${date}tea`, 3) !== 0) breaks.push({ startAt: at(15 * 60), endAt: at(15 * 60 + 10) });
  return breaks;
}

/**
 * The demo's 振替休日 (佐藤, last month): the first Sunday of the previous month whose Wednesday is a
 * work date; that Sunday is worked and the Wednesday taken off instead. Null when none fits.
 */
function demoTransfer(dates: readonly string[]): { sunday: string; swapDay: string } | null {
  const prevMonth = dates[0]?.slice(0, 7);
  for (const d of dates) {
    if (d.slice(0, 7) !== prevMonth) break;
    const sunday = addDays(d, -weekday(d));
    const swapDay = addDays(sunday, 3);
    if (sunday.slice(0, 7) === prevMonth && dates.includes(swapDay)) return { sunday, swapDay };
  }
  return null;
}

/**
 * The demo company calendar (issue 15): the defaults (Sunday the 法定休日, Saturday and Sunday off,
 * public holidays off) with 年末年始 (29 Dec – 3 Jan) as company days off around this year, in force
 * from the 1st of last month.
 */
function demoCalendar(now: Date): CalendarVersion {
  const t = today(DEMO.timeZone, now);
  const [y, m] = t.split('-').map(Number) as [number, number];
  const prev = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const yearEnd = (year: number) => [
    ...[29, 30, 31].map((d) => ({ date: `${year}-12-${d}`, name: '年末年始休暇' })),
    ...[1, 2, 3].map((d) => ({ date: `${year + 1}-01-0${d}`, name: '年末年始休暇' })),
  ];
  return {
    ...DEFAULT_CALENDAR,
    effectiveFrom: `${prev.y}-${String(prev.m).padStart(2, '0')}-01`,
    companyDaysOff: [...yearEnd(y - 1), ...yearEnd(y)],
  };
}

/** Work days of the previous month and of this month up to yesterday (the demo calendar's working days). */
function demoWorkDates(now: Date): string[] {
  const t = today(DEMO.timeZone, now);
  const [y, m] = t.split('-').map(Number) as [number, number];
  const prev = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const calendar = calendarOfVersions([demoCalendar(now)]);
  return [...monthDates(prev.y, prev.m), ...monthDates(y, m)].filter((d) => d < t && !calendar(d).isDayOff);
}

/**
 * 勤務パターン and 勤務設定 from last month's 1st: 日勤 the default of the whole company, 遅刻・早退の
 * 猶予 0 minutes and a 勤務間インターバル of 11 hours.
 */
async function seedSchedules(companyId: string, from: string): Promise<void> {
  for (const p of DEMO_PATTERNS)
    await db()
      .entities.WorkPatternItem.put({
        companyId,
        patternId: p.patternId,
        name: p.name,
        startMinute: p.start,
        endMinute: p.end,
        breakWindows: p.breaks.map(([startMinute, endMinute]) => ({ startMinute, endMinute })),
      })
      .go();
  await putAssignment(companyId, {
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: from,
    patternId: DEMO_PATTERNS[0].patternId,
  });
  // 労働時間制度 (issue 17): 契約社員 on the 1-month 変形 (伊藤's 10-hour Mondays are scheduled, not
  // overtime), フレックス社員 on flextime with a 3-month 清算期間 and core time 10:00–15:00.
  await putWorkSystem(companyId, {
    scope: 'status',
    employmentStatusId: DEMO.statuses[1].employmentStatusId,
    employeeId: RULE_ANY,
    effectiveFrom: from,
    system: 'monthly_variable',
    periodStart: from,
    periodMonths: 1,
  });
  await putWorkSystem(companyId, {
    scope: 'status',
    employmentStatusId: DEMO.statuses[2].employmentStatusId,
    employeeId: RULE_ANY,
    effectiveFrom: from,
    system: 'flex',
    periodStart: from,
    periodMonths: 3,
    coreStartMinute: 10 * 60,
    coreEndMinute: 15 * 60,
    flexibleStartMinute: 7 * 60,
    flexibleEndMinute: 22 * 60,
    standardDailyMinutes: 480,
  });
  await putWorkSetting(companyId, {
    effectiveFrom: from,
    graceMinutes: 0,
    intervalMinutes: 11 * 60,
    displayRoundingMinutes: 0,
    monthlyRounding30: false,
    hourlyLeaveEnabled: false,
    hourlyLeaveDaysPerYear: 5,
  });
}

export async function seedDemo(now: Date = new Date()): Promise<void> {
  const table = env().TABLE_NAME;
  const marker = await dynamo().send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return;

  const { entities } = db();
  const companyId = DEMO.companyId;
  await entities.Company.put({
    companyId,
    name: DEMO.companyName,
    staffName: DEMO.admin.name,
    email: DEMO.admin.email,
    cell: '03-1234-5678',
    plan: 1,
    hasOption: true,
    timeZone: DEMO.timeZone,
    // 利用開始日 (issue 29 item 8): the demo company has used the product since April 2024, before every
    // five-day window its staff show, so 田中 is still behind (a company opened today would have its
    // running windows 要確認 until the days taken before are stated on the staff form).
    usageStartedOn: '2024-04-01',
  }).go();
  const adminAttributes = { company_id: companyId, admin_id: DEMO.admin.adminId };
  await ignoreExisting(() =>
    createPoolUser({
      role: 'admin',
      email: DEMO.admin.email,
      attributes: adminAttributes,
      temporaryPassword: DEMO.admin.password,
      permanent: true,
    }),
  );
  // Company users are named by the product's id (issue 30 item 3): the same on every start.
  const adminSub = poolUsername('admin', DEMO.admin.email, adminAttributes);
  await entities.CompanyAdmin.put({
    companyId,
    adminId: DEMO.admin.adminId,
    name: DEMO.admin.name,
    email: DEMO.admin.email,
    userSub: adminSub,
  }).go();
  await entities.LoginName.put({
    pool: 'admin',
    email: loginKey(DEMO.admin.email),
    companyId,
    userId: DEMO.admin.adminId,
    username: adminSub,
  }).go();
  await ignoreExisting(() =>
    createPoolUser({
      role: 'operator',
      email: DEMO.operator.email,
      attributes: {},
      temporaryPassword: DEMO.operator.password,
      permanent: true,
    }),
  );
  for (const d of DEMO.departments) await entities.Department.put({ companyId, ...d }).go();
  for (const s of DEMO.statuses) await entities.EmploymentStatus.put({ companyId, ...s }).go();

  await putCalendarVersion(companyId, demoCalendar(now));
  {
    // シフト: last month's and this month's shifts of three staff (lib/local/seed-shifts.ts).
    const [ty, tm] = today(DEMO.timeZone, now).split('-').map(Number) as [number, number];
    const calendar = calendarOfVersions([demoCalendar(now)]);
    const months = [tm === 1 ? { year: ty - 1, month: 12 } : { year: ty, month: tm - 1 }, { year: ty, month: tm }];
    await seedDemoShifts(companyId, months, (d) => calendar(d).isDayOff);
  }
  const dates = demoWorkDates(now);
  const transfer = demoTransfer(dates);
  for (const e of DEMO.employees) {
    const attributes = { company_id: companyId, employee_id: e.employeeId };
    await ignoreExisting(() =>
      createPoolUser({
        role: 'employee',
        email: e.email,
        attributes,
        temporaryPassword: DEMO.employeePassword,
        permanent: true,
      }),
    );
    const userSub = poolUsername('employee', e.email, attributes);
    await entities.LoginName.put({
      pool: 'employee',
      email: loginKey(e.email),
      companyId,
      userId: e.employeeId,
      username: userSub,
    }).go();
    await entities.Employee.put({
      userSub,
      companyId,
      employeeId: e.employeeId,
      lastName: e.lastName,
      firstName: e.firstName,
      employeeNumber: e.employeeNumber,
      nameKana: e.nameKana,
      email: e.email,
      cell: e.cell,
      departmentId: DEMO.departments[e.dept]!.departmentId,
      employmentStatusId: DEMO.statuses[e.status]!.employmentStatusId,
      ...('movedFromDept' in e
        ? {
            assignments: [
              {
                from: '',
                departmentId: DEMO.departments[e.movedFromDept]!.departmentId,
                employmentStatusId: DEMO.statuses[e.status]!.employmentStatusId,
              },
              {
                from: `${today(DEMO.timeZone, now).slice(0, 7)}-01`,
                departmentId: DEMO.departments[e.dept]!.departmentId,
                employmentStatusId: DEMO.statuses[e.status]!.employmentStatusId,
              },
            ],
          }
        : {}),
      // Paid leave: hire dates spread so the demo has several grant levels, a part-timer with a
      // proportional grant, someone behind on the five-day duty (田中) and one without a hire date (伊藤).
      ...('hire' in e
        ? { hireDate: e.hire === 'eleven-months-ago' ? addDays(today(DEMO.timeZone, now), -335) : e.hire }
        : {}),
      ...('daysPerWeek' in e
        ? { patternBasis: 'week' as const, daysPerWeek: e.daysPerWeek, weeklyHours: e.weeklyHours }
        : {}),
    }).go();
    // The 社員番号's unique item, as the staff form writes it: the form then refuses the demo's numbers.
    await entities.UniqueValue.put({ ...employeeNumberGuard(companyId, e.employeeNumber), ownerId: e.employeeId }).go();
    // 佐藤 works the 振替 Sunday instead of its Wednesday (the approval below marks both days).
    const own =
      transfer && e === DEMO.employees[0]
        ? [...dates.filter((d) => d !== transfer.swapDay), transfer.sunday].sort()
        : dates;
    const days = own.map((date) => {
      const inMin = 8 * 60 + 40 + jitter(e.employeeId + date, 35);
      // Most days end around 18:00; some run late so the month has overtime to show.
      // 伊藤's 長日勤 Mondays (10 hours scheduled) end around 20:00.
      const long = e.employeeId === ITO && weekday(date) === 1 ? 120 : 0;
      const outMin = 17 * 60 + 45 + long + jitter(date + e.employeeId, jitter(date, 4) === 0 ? 180 : 60);
      return {
        companyId,
        employeeId: e.employeeId,
        workDate: date,
        punchInAt: instantOf(date, Math.floor(inMin / 60), inMin % 60, DEMO.timeZone),
        punchOutAt: instantOf(date, Math.floor(outMin / 60), outMin % 60, DEMO.timeZone),
        // 佐藤 punches breaks (休憩開始 / 休憩終了): lunch of 45–59 minutes, and a short break most
        // afternoons, so the month table shows punched breaks instead of the rule's.
        ...(e === DEMO.employees[0] ? { breaks: demoBreaks(date, e.employeeId) } : {}),
      };
    });
    if (days.length) await entities.AttendanceDay.put(days).go();
  }
  if (transfer) {
    const e = DEMO.employees[0]!;
    const filed = await fileRequest({
      companyId,
      employeeId: e.employeeId,
      employeeName: `${e.lastName} ${e.firstName}`,
      kind: 'holiday',
      date: transfer.swapDay,
      leaveType: 2,
      workDate: transfer.sunday,
      reason: '日曜の展示会対応のため',
    });
    await decideRequest(companyId, filed.requestId, 'holiday', 1, DEMO.admin.adminId);
  }
  // Issue 16: 鈴木's approved 午前半休 on the next working day (有給（午前半休） in the lists and the month).
  {
    const e = DEMO.employees[1]!;
    const calendar = calendarOfVersions(await calendarVersions(companyId));
    let halfDay = addDays(today(DEMO.timeZone, now), 1);
    while (calendar(halfDay).isDayOff) halfDay = addDays(halfDay, 1);
    const half = await fileRequest({
      companyId,
      employeeId: e.employeeId,
      employeeName: `${e.lastName} ${e.firstName}`,
      kind: 'holiday',
      date: halfDay,
      leaveType: 0,
      leaveUnit: 'am',
      reason: '通院のため',
      // A second seeding finds the request already filed.
    }).catch((error: unknown) => {
      if (error instanceof ConflictError) return null;
      throw error;
    });
    if (half) await decideRequest(companyId, half.requestId, 'holiday', 1, DEMO.admin.adminId);
  }
  // Figures for the work status screen: last month and this month through the engine.
  const t = today(DEMO.timeZone, now);
  const [y, m] = t.split('-').map(Number) as [number, number];
  // Working-time rule versions: the first department works 8:00 from last month's 1st and 7:45 from
  // this month's, so 勤務時間設定 shows a 履歴 and last month keeps its 8:00 figures.
  const lastMonthStart = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  const firstDept = DEMO.departments[0]!.departmentId;
  await putRule(companyId, 'working', firstDept, null, lastMonthStart, { fixedMinutes: 480, overMinutes: 540 });
  await putRule(companyId, 'working', firstDept, null, `${t.slice(0, 7)}-01`, { fixedMinutes: 465, overMinutes: 540 });
  // 休憩時間設定 (issue 29): the company's lawful two tiers (拘束6:01以上で0:45、拘束8:46以上で1:00), taken on
  // days without punched breaks and without a pattern's break windows. No break is ever raised to 34条:
  // 佐藤's punched breaks of 45–59 minutes on days over 8 h show 休憩不足 with the minutes they lack.
  await putRule(companyId, 'break', null, null, lastMonthStart, {
    conditionMinutes: 361,
    breakMinutes: 45,
    tier2ConditionMinutes: 526,
    tier2BreakMinutes: 60,
    unpunchedBreaks: 'rule',
  });
  await seedSchedules(companyId, lastMonthStart);
  await refreshCompanyMonth(companyId, DEMO.timeZone, m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1);
  await refreshCompanyMonth(companyId, DEMO.timeZone, y, m);
  // 勤怠状況's digest of this period, as the worker builds it after a recompute (issue 19): the first
  // look at the screen shows figures, not 集計中….
  await rebuildCurrentWorkStatus(companyId, DEMO.timeZone);
  // 締め処理 shows one closed period: last month (末日締め), frozen by the closing job like an admin's close.
  const last = periodOf(addDays(`${t.slice(0, 7)}-01`, -1));
  await beginPeriodClosing(
    companyId,
    {
      period: last.id,
      from: last.from,
      to: last.to,
      status: 'closing',
      closedAt: now.toISOString(),
      closedBy: DEMO.admin.name,
    },
    now.getTime(),
  );
  await runClosing({ kind: 'closing', companyId, period: last.id, run: 'demo', timeZone: DEMO.timeZone });
  // メール送信状況 (issue 30 item 12): one mail 送信済み, one 再送待ち, one 送信失敗 with 再送.
  {
    const person = (i: number) => {
      const e = DEMO.employees[i]!;
      return { name: `${e.lastName} ${e.firstName}`, email: e.email };
    };
    const day = today(DEMO.timeZone, now);
    await seedDemoMails(
      companyId,
      now,
      { admin: { email: DEMO.admin.email }, filer: person(1), absentee: person(3) },
      { filed: addDays(day, 1), missed: addDays(day, -1) },
    );
  }
  // The demo staff and units are written directly above: give them what the app's own writes keep
  // (the e-mails' unique items, the units' active-staff counts), as the one-off backfill does.
  await backfillEmailGuards(companyId);
  await backfillOrgUnitCounts(companyId);
  // …and its checklist, built after the closing as the worker would (kept while the period stays closed).
  await rebuildLastEndedChecklist(companyId, DEMO.timeZone);
  await dynamo().send(
    new PutCommand({
      TableName: table,
      Item: {
        ...MARKER,
        seededAt: now.toISOString(),
        firstWorkDate: dates[0] ?? addDays(today(DEMO.timeZone, now), 0),
      },
    }),
  );
}
