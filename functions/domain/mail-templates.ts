/**
 * The Japanese mails of 勤怠管理 (issue 18 item 6): subject and plain-text body per kind, with a link
 * to the page where the reader acts. Pure: the caller (services/notify.ts) passes the app's public
 * origin (APP_URL) and the names it looked up. Passwords and codes appear in the body only.
 */

export const PRODUCT_NAME = '勤怠管理';

/** Kinds a user may turn off on their settings (welcome and password mails always go). */
export const OPTIONAL_MAIL_KINDS = [
  'request_filed',
  'request_decided',
  'missed_punch',
  'overtime_notice',
  'paid_leave_pace',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

export const isOptionalMailKind = (kind: string): kind is OptionalMailKind =>
  (OPTIONAL_MAIL_KINDS as readonly string[]).includes(kind);

export const REQUEST_KIND_LABELS = {
  holiday: '休暇申請',
  holiday_work: '休日出勤申請',
  over_work: '残業申請',
  correction: '打刻修正申請',
} as const;

export interface MailContent {
  subject: string;
  text: string;
}

/** YYYY-MM-DD → 2026年4月1日 */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return d ? `${y}年${m}月${d}日` : `${y}年${m}月`;
}

/** Minutes → "45時間30分" */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}時間${m}分` : `${h}時間`;
}

const FOOTER = [
  '',
  '──',
  `このメールは${PRODUCT_NAME}から自動送信されています。返信はできません。`,
  `お知らせメールは${PRODUCT_NAME}の設定画面で停止できます。`,
].join('\n');

const ALWAYS_FOOTER = ['', '──', `このメールは${PRODUCT_NAME}から自動送信されています。返信はできません。`].join('\n');

function mail(subject: string, lines: string[], optional = true): MailContent {
  return {
    subject: `【${PRODUCT_NAME}】${subject}`,
    text: `${lines.join('\n')}\n${optional ? FOOTER : ALWAYS_FOOTER}\n`,
  };
}

const link = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

export const MAIL_PATHS = {
  adminRequests: '/management/requests',
  employeeRequests: '/employees/requests',
  employeeAttendance: '/employees/attendance',
  employeeModify: '/employees/modify',
  employeeHome: '/employees',
  employeeSettings: '/employees/settings',
  adminHome: '/management',
  adminPaidLeave: '/management/paid_leave',
  employeeSignIn: '/users/sign_in',
  adminSignIn: '/companies/sign_in',
  employeePasswordReset: '/users/password_reset',
  adminPasswordReset: '/companies/password_reset',
} as const;

export function requestFiledMail(
  appUrl: string,
  e: { requestKind: keyof typeof REQUEST_KIND_LABELS; employeeName: string; date: string },
): MailContent {
  const label = REQUEST_KIND_LABELS[e.requestKind];
  return mail(`${e.employeeName}さんから${label}が届きました`, [
    `${e.employeeName}さんが${label}を提出しました。`,
    '',
    `対象日: ${japaneseDate(e.date)}`,
    '',
    '申請管理画面で内容を確認し、承認または却下してください。',
    link(appUrl, MAIL_PATHS.adminRequests),
  ]);
}

export function requestDecidedMail(
  appUrl: string,
  e: { requestKind: keyof typeof REQUEST_KIND_LABELS; date: string; approved: boolean; reason?: string | undefined },
  name: string,
): MailContent {
  const label = REQUEST_KIND_LABELS[e.requestKind];
  const verdict = e.approved ? '承認されました' : '却下されました';
  const path = e.requestKind === 'correction' ? MAIL_PATHS.employeeModify : MAIL_PATHS.employeeRequests;
  return mail(`${label}が${verdict}`, [
    `${name}さん`,
    '',
    `${japaneseDate(e.date)}の${label}が${verdict}。`,
    ...(e.reason ? ['', `理由: ${e.reason}`] : []),
    '',
    '申請の一覧はこちらです。',
    link(appUrl, path),
  ]);
}

export function welcomeMail(
  appUrl: string,
  e: { name: string; email: string; temporaryPassword: string },
): MailContent {
  return mail(
    'アカウントが登録されました',
    [
      `${e.name}さん`,
      '',
      `${PRODUCT_NAME}のアカウントが登録されました。次の URL からサインインしてください。`,
      link(appUrl, MAIL_PATHS.employeeSignIn),
      '',
      `メールアドレス: ${e.email}`,
      `仮パスワード: ${e.temporaryPassword}`,
      '',
      '初回のサインイン時に、新しいパスワードの設定をお願いします。',
      'このメールに心当たりがない場合は、会社の管理者にお問い合わせください。',
    ],
    false,
  );
}

export function passwordResetByAdminMail(
  appUrl: string,
  e: { name: string; email: string; temporaryPassword: string },
): MailContent {
  return mail(
    'パスワードがリセットされました',
    [
      `${e.name}さん`,
      '',
      '管理者があなたのパスワードをリセットしました。次の仮パスワードでサインインしてください。',
      link(appUrl, MAIL_PATHS.employeeSignIn),
      '',
      `メールアドレス: ${e.email}`,
      `仮パスワード: ${e.temporaryPassword}`,
      '',
      'このメールに心当たりがない場合は、会社の管理者にお問い合わせください。',
    ],
    false,
  );
}

/**
 * The code, and a link that opens the reset page at its code step for this address (the page the
 * request came from may be closed by the time the mail is read). The address in the link is the
 * recipient's own; the code is not in it, so a forwarded or logged link resets nothing.
 */
export function passwordResetCodeMail(
  appUrl: string,
  e: { name: string; email: string; code: string; audience: 'employee' | 'admin' },
): MailContent {
  const page = e.audience === 'admin' ? MAIL_PATHS.adminPasswordReset : MAIL_PATHS.employeePasswordReset;
  return mail(
    'パスワード再設定の確認コード',
    [
      `${e.name}さん`,
      '',
      'パスワード再設定の確認コードは次のとおりです。再設定の画面に入力してください。',
      '',
      `確認コード: ${e.code}`,
      '',
      '再設定の画面:',
      link(appUrl, `${page}?email=${encodeURIComponent(e.email)}`),
      '',
      'パスワードの再設定を依頼していない場合は、このメールを破棄してください。パスワードは変わりません。',
    ],
    false,
  );
}

export function missedPunchMail(appUrl: string, e: { date: string; missing: 'end' | 'both' }, name: string) {
  const what = e.missing === 'end' ? '退勤の打刻がありません' : '出勤・退勤の打刻がありません';
  return mail(`${japaneseDate(e.date)}の打刻漏れ`, [
    `${name}さん`,
    '',
    ...(e.missing === 'end'
      ? [`${japaneseDate(e.date)}の勤務で${what}。`, '打刻修正から正しい時刻を登録してください。']
      : [
          `${japaneseDate(e.date)}は勤務予定日ですが、${what}。`,
          '勤務した場合は打刻修正から時刻を登録し、休んだ場合は休暇を申請してください。',
        ]),
    link(appUrl, MAIL_PATHS.employeeModify),
  ]);
}

/** 36協定: `level` "threshold" = the company's monthly alert limit reached; "eighty" = 80 h (過労死ライン) reached. */
export function overtimeNoticeMail(
  appUrl: string,
  e: {
    month: string;
    level: 'threshold' | 'eighty';
    minutes: number;
    limitMinutes: number;
    employeeName: string;
    audience: 'employee' | 'admin';
  },
  name: string,
): MailContent {
  const month = japaneseDate(e.month);
  const what =
    e.level === 'eighty'
      ? `時間外・休日労働が${hoursText(e.limitMinutes)}に達しました`
      : `時間外労働が36協定の警告時間（${hoursText(e.limitMinutes)}）に達しました`;
  const subject = e.audience === 'admin' ? `${e.employeeName}さんの${month}の${what}` : `${month}の${what}`;
  return mail(subject, [
    `${name}さん`,
    '',
    e.audience === 'admin'
      ? `${e.employeeName}さんの${month}の${what}（現在 ${hoursText(e.minutes)}）。`
      : `あなたの${month}の${what}（現在 ${hoursText(e.minutes)}）。`,
    e.level === 'eighty'
      ? '長時間労働による健康障害を防ぐため、業務量の調整と医師による面接指導の申出をご検討ください。'
      : '36協定の上限を超えないよう、残業の予定を見直してください。',
    '',
    link(appUrl, e.audience === 'admin' ? MAIL_PATHS.adminHome : MAIL_PATHS.employeeAttendance),
  ]);
}

/** 年5日の年次有給休暇の取得義務 (労基法39条7項): the employee is behind the pace to take five days by the deadline. */
export function paidLeavePaceMail(
  appUrl: string,
  e: { employeeName: string; taken: number; required: number; deadline: string; audience: 'employee' | 'admin' },
  name: string,
): MailContent {
  const lines =
    e.audience === 'admin'
      ? [`${e.employeeName}さんの年次有給休暇の取得が、年5日の取得義務に対して遅れています。`]
      : ['年次有給休暇の取得が、年5日の取得義務に対して遅れています。'];
  return mail(
    e.audience === 'admin' ? `${e.employeeName}さんの有給休暇の取得が遅れています` : '有給休暇の取得が遅れています',
    [
      `${name}さん`,
      '',
      ...lines,
      `取得済み・予定: ${e.taken}日 / ${e.required}日（期限: ${japaneseDate(e.deadline)}）`,
      e.audience === 'admin'
        ? '時季を指定するなど、期限までの取得をお願いします。'
        : '期限までに取得の予定を立ててください。',
      '',
      link(appUrl, e.audience === 'admin' ? MAIL_PATHS.adminPaidLeave : MAIL_PATHS.employeeHome),
    ],
  );
}
