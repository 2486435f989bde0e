/**
 * Japanese copy shared by the API and the SPA (spec §8, word for word). Keep every user-facing
 * server message here so an English catalogue can be added beside it.
 */
export const MESSAGES = {
  communicationFailed: '通信に失敗しました',
  signInFailed: 'メールアドレスまたはパスワードが正しくありません。',
  signInThrottled: 'ログインの試行回数が多すぎます。しばらく待ってから再度お試しください。',
  newPasswordRequired: '初回ログインのため、新しいパスワードを設定してください。',
  passwordPolicy: 'パスワードは12文字以上で、大文字・小文字・数字・記号をそれぞれ含めてください。',
  passwordTooCommon: 'よく使われていて推測されやすいパスワードです。別のパスワードを設定してください。',
  passwordSameAsTemporary: '仮パスワードと同じパスワードは設定できません。新しいパスワードを設定してください。',
  signOutFailed: 'ログアウトに失敗しました。',
  // Operator TOTP (two-factor authentication)
  mfaEnrolmentRequired: '二段階認証の設定が必要です。',
  mfaCodeInvalid: '認証コードが正しくありません。',
  mfaChallengeExpired: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  mfaAlreadyEnrolled: '二段階認証はすでに設定されています。',
  mfaEnrolled: '二段階認証を設定しました。',
  unauthenticated: 'ログインしてください。',
  forbidden: '操作権限がありません。',
  permissionDenied: 'Permission Denied.',
  csrfFailed: '不正なリクエストです。画面を再読み込みしてから操作してください。',
  notFound: 'お探しのページは見つかりませんでした',
  resourceNotFound: '対象のデータが見つかりませんでした。',
  conflict: '他の操作と競合しました。画面を再読み込みしてください。',
  // The same Idempotency-Key is still being processed by an earlier attempt (409).
  requestInProgress: '同じ操作を処理中です。しばらくしてから画面を再読み込みしてください。',
  invalidRequest: '入力内容に不備があります。',
  // A pagination cursor that was not issued for this list (tampered, expired key, another company).
  invalidCursor: '続きの読み込みに失敗しました。一覧を最初から読み込み直してください。',
  registrationDefect: '登録内容に不備があります。',
  applicationDefect: '申請内容に不備があります。',
  applicationCompleted: '申請が完了しました。',
  changed: '変更しました。',
  setCorrectTime: '正しい時刻を設定してください',
  modifyCompleted: '打刻修正が完了しました',
  invalidDateTime: '日時が不正です',
  approveFailed: '承認できませんでした',
  fetchDataFailed: 'データの取得に失敗しました',
  downloaded: 'ダウンロードしました',
  downloadFailed: 'ダウンロードに失敗しました',
  settingCompleted: '設定が完了しました。',
  settingDefect: '設定内容に不備があります。',
  alreadyLeftWork: '本日は退勤済みです。',
  // Break punches (休憩開始 / 休憩終了) and presses that repeat the current state.
  notPunchedIn: 'まだ出勤していません。先に出勤を打刻してください。',
  notOnBreak: '休憩中ではありません。',
  punchKindInvalid: '打刻の種類が正しくありません。',
  breakNoteNotAllowed: '休憩の打刻にはメモを付けられません。',
  ignoredAlreadyPunchedIn: 'すでに出勤しています。二重押しのため記録していません。',
  ignoredAlreadyOnBreak: 'すでに休憩中です。二重押しのため記録していません。',
  ignoredBreakAlreadyEnded: '休憩はすでに終了しています。二重押しのため記録していません。',
  ignoredAlreadyPunchedOut: 'すでに退勤しています。二重押しのため記録していません。',
  futureDateNotAllowed: '未来の日時は指定できません。',
  // Field reasons shown next to a date range (CSV download).
  rangeOverYear: '期間は1年以内で指定してください。',
  rangeEndBeforeStart: '終了日は開始日以降の日付を指定してください。',
  nonexistentDate: '存在しない日付です',
  // Field reasons of 打刻修正 (the summary stays 正しい時刻を設定してください).
  correctionTimesRequired: '出勤時刻か退勤時刻を入力してください。',
  correctionInRequired: 'この日は出勤の打刻がないため、出勤時刻も入力してください。',
  correctionOutBeforeIn: '退勤時刻は出勤時刻より後の時刻を設定してください。',
  duplicateRequest: '同じ日付の申請がすでにあります。',
  requestAlreadyDecided: '承認または却下された申請は取り消せません。',
  decisionConflict: 'この申請はすでに処理されています。',
  // Annual paid leave: {n} is the days that can still be taken on the requested date.
  paidLeaveInsufficient: '有給休暇の残日数が足りません（残り{n}日）。',
  // Company admin area (staff, departments, employment statuses, rules)
  emailTaken: 'このメールアドレスはすでに登録されています。',
  departmentInUse: 'この部署はスタッフに設定されているため削除できません。',
  employmentStatusInUse: 'この雇用形態はスタッフに設定されているため削除できません。',
  departmentNameTaken: 'この部署名はすでに登録されています。',
  employmentStatusNameTaken: 'この雇用形態名はすでに登録されています。',
  unknownDepartment: '存在しない部署です。',
  unknownEmploymentStatus: '存在しない雇用形態です。',
  breakBelowLegalMinimum:
    '法定の休憩時間を下回っています（労働時間が6時間を超える日は45分以上、8時間を超える日は60分以上の休憩が必要です）。',
  companyEmailTaken: 'このメールアドレスはすでに登録されています。',
  endBeforeStart: '表示終了日時は表示開始日時より後の日時を指定してください。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
  serviceUnavailable: 'ただいま混み合っています。しばらく待ってから再度お試しください。',
  internalError: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。',
  // ?year&month of work status names a month in which no payroll period closes (締め日 changed).
  noPayrollPeriod: '指定した月に締め日のある月度はありません。',
  // パスワードをお忘れの方 and the admin's reset (issue 18 item 7)
  passwordResetSent: '該当するアカウントがあれば確認コードを送信しました。',
  passwordResetThrottled: '確認コードの送信回数が多すぎます。しばらく待ってから再度お試しください。',
  passwordResetCodeRefused:
    '確認コードが正しくないか、使えなくなっています。入力を確かめるか、確認コードをもう一度送信してください。',
  passwordResetDone: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  staffPasswordResetSent: '再設定メールを送信しました。',
  // 承認 (issue 18 item 5): 打刻修正の承認, decision reasons, 予定開始・予定終了, 一括承認.
  correctionPending: 'この日の打刻修正はすでに申請中です。取り下げてから申請し直してください。',
  correctionStale: '申請後にこの日の打刻が変更されたため承認できません。却下して再申請を依頼してください。',
  plannedTimeInvalid: '時刻は「18:30」のように時と分で入力してください。',
  plannedBothRequired: '予定開始と予定終了は両方入力してください。',
  plannedEndBeforeStart:
    '予定終了は予定開始より後の時刻を設定してください（翌日にまたがる場合は「翌日」を選択してください）。',
  plannedNotAllowed: '予定開始・予定終了は残業申請にのみ指定できます。',
  decisionReasonTooLong: '理由は500文字以内で入力してください。',
  bulkIdsInvalid: '承認する申請を1件以上50件以内で選択してください。',
  // メール送信状況 (issue 30 item 12): 再送 of a mail that has not failed
  mailNotResendable: 'このメールは送信済みか送信中のため、再送できません。',
  // 有給の手動付与と付与の削除 (issue 30 item 8)
  grantBeforeHire: '付与日は入社日（{date}）以降の日付を入力してください',
  grantAfterLeave: '付与日は退職日（{date}）以前の日付を入力してください',
  grantAutomatic: '法定付与の実行で付与された日数は削除できません。日数を調整する場合は手動付与で調整してください。',
  grantUsed: 'この付与からすでに有給休暇が取得・申請されているため削除できません（使用{n}日）。',
  // One e-mail, users of several companies (issue 30 item 3): the sign-in's company choice, and the cap
  // on one address's accounts (the message names no other company).
  signInCompanyRequired:
    'このメールアドレスとパスワードで複数の会社にログインできます。ログインする会社を選んでください。',
  emailAccountLimit: 'このメールアドレスはこれ以上登録できません。別のメールアドレスを指定してください。',
} as const;

export type MessageKey = keyof typeof MESSAGES;
