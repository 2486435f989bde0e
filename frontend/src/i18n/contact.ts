/**
 * Japanese copy of the landing page's contact form. Apart from the catalogue (catalogues/ja/public.json's
 * `contact` holds the same words) so that the landing page's script (public/landing-client.tsx → contact-form.tsx) loads
 * these few lines instead of the whole application's copy: `/` has a 90 kB JavaScript budget.
 */
export const contactCopy = {
  contact: {
    formTitle: 'お問い合わせフォーム',
    name: 'お名前',
    company: '会社名',
    email: 'メールアドレス',
    message: 'お問い合わせ内容',
    required: '必須',
    submit: '送信する',
    sending: '送信中…',
    sent: 'お問い合わせを受け付けました。担当者よりご連絡いたします。',
    failed: '送信に失敗しました。時間をおいて再度お試しください。',
    errors: { required: '入力してください。', email: 'メールアドレスの形式が正しくありません。' },
    tooLong: '{max}文字以内で入力してください。',
  },
  countUnit: '文字',
};
