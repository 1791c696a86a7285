import type { Catalogue, Checked } from '../messages.js';

// Japanese, in the polite form (です・ます). “連携先” (what you link to) stands for “provider”.
// Japanese has no plural: one form, with the counter 件.
const catalogue = {
  lang: 'ja',
  dir: 'ltr',

  close: '閉じる',
  back: '戻る',
  tryAgain: '再試行',
  done: '完了',
  connectAnother: '別のソースを連携',
  linkedMark: '連携済み',
  details: '技術的な詳細',

  loadingTitle: '読み込み中',
  loadingText: 'リンクを確認し、連携先を読み込んでいます…',

  providersTitle: 'データソースを連携',
  providersIntro: '連携するデバイスまたはアプリを選んでください。',
  searchLabel: '連携先を検索',
  searchResults: '{count}件',
  noProvidersMatch: '「{query}」に一致する連携先はありません。',
  clearSearch: '検索をクリア',
  showMore: 'さらに{count}件を表示',
  noProviders: '現在、選べる連携先はありません。',

  inMobileApp: 'モバイルアプリで連携',
  unsupportedTitle: '{provider}はモバイルアプリで連携',
  unsupportedText: { app: '{provider}を連携するには、スマートフォンで{app}を開いてください。', none: '{provider}を連携するには、スマートフォンでモバイルアプリを開いてください。' },

  credentialsTitle: '{provider}にサインイン',
  username: 'ユーザー名',
  password: 'パスワード',
  signIn: 'サインイン',
  signingIn: 'サインインしています…',

  mfaTitle: '確認コードを入力',
  mfaSent: {
    sms: { hint: '{hint}にSMSで{code}を送信しました。', none: 'SMSで{code}を送信しました。' },
    email: { hint: '{hint}にメールで{code}を送信しました。', none: 'メールで{code}を送信しました。' },
    other: { hint: '{hint}に{code}を送信しました。', none: '連携先から届いたコードを入力してください。' },
  },
  mfaCode: { first: 'コード', again: '別のコード' },
  verificationCode: '確認コード',
  verify: '確認',
  verifying: '確認しています…',

  emailTitle: '{provider}を連携',
  emailIntro: '{provider}を連携するための招待をメールでお送りします。',
  email: 'メールアドレス',
  sendInvite: '招待を送信',
  sending: '送信しています…',

  consentTitle: '{provider}を連携',
  consentIntro: { app: '{app}が受け取るデータ：', none: 'このアプリが受け取るデータ：' },
  consentMore: '他{count}件',
  consentContinue: '{provider}に進む',
  kinds: {
    sleep: '睡眠',
    activity: 'アクティビティ',
    heartrate: '心拍数',
    hrv: '心拍変動',
    workouts: 'ワークアウト',
    steps: '歩数',
    calories_active: 'アクティブカロリー',
    body: '身体測定値',
    weight: '体重',
    fat: '体脂肪',
    glucose: '血糖値',
    blood_pressure: '血圧',
    body_temperature: '体温',
    respiratory_rate: '呼吸数',
    menstrual_cycle: '月経周期',
    meal: '食事',
    profile: 'プロフィール',
  },

  region: '地域',
  regionPlaceholder: '地域を選択',

  oauthOpening: '{provider}を開いています…',
  oauthWaitingTitle: '{provider}で続ける',
  oauthWaitingText: '開いたウィンドウで{provider}にサインインしてください。完了すると、このページは自動で更新されます。',
  oauthBlockedText: '下のボタンで{provider}のサインイン画面を開いてください。何も開かない場合は、このサイトのポップアップを許可してください。',
  oauthOpenWindow: '{provider}のサインインを開く',
  oauthShowWindow: 'サインインウィンドウを表示',
  oauthFailedTitle: '連携されていません',
  oauthLostTitle: '完了しませんでしたか？',
  oauthLostText: '{provider}のサインインウィンドウが閉じたか、見えなくなりました。そちらで完了していれば、このページは自動で更新されます。まだの場合は、もう一度お試しください。',
  cancel: 'キャンセル',

  successTitle: '連携しました',
  successText: '{provider}の連携が完了しました。',
  emailSentTitle: 'メールを確認してください',
  emailSentText: '{provider}を連携するための招待をお送りしました。メール内のリンクから手続きを完了してください。',

  closedTitle: '閉じました',
  closedText: '連携先は接続されませんでした。',
  closedDoneText: 'このウィンドウを閉じてかまいません。',
  startAgain: '最初からやり直す',

  errorTitle: '問題が発生しました',
  tokenErrorTitle: 'このリンクは使用できません',
  unavailableTitle: '一時的に利用できません',
  chooseAnother: '別の連携先を選ぶ',

  errors: {
    invalid_token: 'このリンクは無効です。アプリに戻り、最初からやり直して新しいリンクを取得してください。',
    token_expired: 'このリンクは有効期限が切れています。アプリに戻り、最初からやり直して新しいリンクを取得してください。',
    token_consumed: 'このリンクはすでに使用されています。アプリに戻り、最初からやり直して新しいリンクを取得してください。',
    token_not_validated: 'このリンクを確認できませんでした。アプリに戻り、最初からやり直して新しいリンクを取得してください。',
    provider_credential_error: '連携先がこのユーザー名またはパスワードを受け付けませんでした。確認して、もう一度お試しください。',
    provider_password_expired:
      '連携先のパスワードの有効期限が切れています。連携先のサイトで再設定してから、もう一度お試しください。',
    provider_api_error: '連携先が現在応答していません。しばらくしてから、もう一度お試しください。',
    unsupported_region: 'このアカウントはこの地域では利用できません。アカウントの地域を選択してください。',
    duplicate_connection: 'この連携先のアカウントは、すでに別のユーザーと連携されています。',
    required_scopes_not_granted: '連携には、求められたすべての権限が必要です。もう一度お試しのうえ、すべて許可してください。',
    incorrect_mfa_code: 'コードが正しくありません。確認して、もう一度入力してください。',
    session_expired: 'セッションの有効期限が切れました。続けるには、もう一度サインインしてください。',
    user_cancelled: '完了する前にサインインがキャンセルされたか、ウィンドウが閉じられました。もう一度お試しいただけます。',
    unsafe_oauth_url: '連携先のサインインページのアドレスが安全でないため、開きませんでした。別の連携先を選んでください。',
    provider_unavailable: 'この連携先は現在サービス側で停止されています。しばらくしてからもう一度お試しいただくか、別の連携先を選んでください。',
    missing_username: 'ユーザー名を入力してください。',
    missing_password: 'パスワードを入力してください。',
    missing_code: '受け取ったコードを入力してください。',
    missing_region: 'アカウントの地域を選択してください。',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: '有効なメールアドレスを入力してください（例: name@example.com）。',
    generic: 'この手順を完了できませんでした。少ししてからもう一度お試しください。',
    token_request_failed: 'アプリで連携を開始できませんでした。もう一度お試しください。',
    network: 'サービスに接続できませんでした。接続を確認して、もう一度お試しください。',
    timeout: 'サービスの応答に時間がかかりすぎました。もう一度お試しください。',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
