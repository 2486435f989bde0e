/**
 * Japanese UI copy. Server messages come from the shared catalogue so the SPA and the API never
 * word the same situation differently (spec §8 word for word); UI labels live beside them.
 * An English catalogue would copy this shape (see `Catalogue`).
 */
import { MESSAGES } from '../../../functions/shared/messages';

export const ja = {
  messages: MESSAGES,
  app: {
    name: '勤怠管理',
    tagline: '勤怠管理と働き方を、もっとスマートに。',
    skipToContent: 'メインコンテンツへ移動',
    loading: '読み込み中…',
    opensInNewTab: '（新しいタブで開きます）',
  },
  landing: {
    bannerHeading: '勤怠管理を、ひとつの場所で。',
    bannerLead: 'スタッフの出退勤から各種申請、CSV出力までをクラウドでまとめて管理できます。',
    loginHeading: 'ログイン',
    employeeLogin: '従業員ログイン',
    adminLogin: '管理者ログイン',
    login: 'ログイン',
    copyright: '© 勤怠管理',
  },
  signIn: {
    employeeTitle: '従業員ログイン',
    adminTitle: '管理者ログイン',
    operatorTitle: '運営者ログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'ログイン',
    toAdmin: '管理者の方はこちら',
    toEmployee: '従業員の方はこちら',
    newPasswordTitle: '新しいパスワードの設定',
    newPassword: '新しいパスワード',
    newPasswordConfirmation: '新しいパスワード（確認）',
    newPasswordSubmit: 'パスワードを設定する',
    passwordMismatch: 'パスワードが一致しません。',
  },
  header: {
    staffAccount: 'スタッフアカウント',
    operatorAccount: '運営者アカウント',
    menu: 'メニュー',
    companyName: '会社名',
    userName: 'ユーザー名',
  },
  nav: {
    label: 'メインメニュー',
    punch: '打刻',
    attendance: '勤怠一覧',
    modify: '打刻修正',
    requests: '各種申請',
    settings: '設定',
    workStatus: '勤怠状況',
    requestManagement: '申請管理',
    staff: 'スタッフ管理',
    basicSettings: '基本設定',
    departments: '部署',
    employmentStatuses: '雇用形態',
    workingTimes: '勤務時間設定',
    breakTimes: '休憩時間設定',
    csvDownload: 'CSVダウンロード',
    companies: '会社アカウント',
    infoItems: 'お知らせ',
    inquiries: 'お問い合わせ',
    manual: '操作マニュアル',
    signOut: 'ログアウト',
  },
  statusPages: {
    backToTop: 'トップページへ戻る',
  },
  pages: {
    // Employee area
    punch: '打刻',
    attendance: '勤怠一覧',
    modify: '打刻修正',
    requests: '各種申請',
    newHolidayRequest: '休暇申請',
    newHolidayWorkRequest: '休日出勤申請',
    newOverWorkRequest: '残業申請',
    settings: '設定',
    infoItem: 'お知らせ',
    // Admin area
    workStatus: '勤怠状況',
    requestManagement: '申請管理',
    staff: 'スタッフ管理',
    staffNew: 'スタッフ新規登録',
    staffEdit: 'スタッフ編集',
    staffDetail: 'スタッフ詳細',
    departments: '部署',
    departmentNew: '部署新規登録',
    departmentEdit: '部署編集',
    employmentStatuses: '雇用形態',
    employmentStatusNew: '雇用形態新規登録',
    employmentStatusEdit: '雇用形態編集',
    workingTimes: '勤務時間設定',
    breakTimes: '休憩時間設定',
    csvDownload: 'CSVダウンロード',
    // Operator area
    companies: '管理者アカウント一覧',
    companyNew: '管理者アカウント新規登録',
    companyEdit: '管理者アカウント編集',
    infoItems: 'お知らせ一覧',
    infoItemNew: 'お知らせ新規登録',
    infoItemEdit: 'お知らせ編集',
    inquiries: 'お問い合わせ一覧',
    // Errors
    notFound: '404 Not found.',
  },
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape every catalogue must have. */
export type Catalogue = Widen<typeof ja>;
