import type { Messages } from '../messages.js';

// Simplified Chinese, addressing the user as “您”. Traditional Chinese tags (zh-TW, zh-HK, zh-MO,
// zh-Hant) do not get this catalogue (src/i18n/index.ts). Chinese has no plural: one form.
const lang = 'zh';
const number = new Intl.NumberFormat(lang);

const methodName = (method: string) => (method === 'sms' ? '通过短信' : method === 'email' ? '通过电子邮件' : '');

const catalogue: Messages = {
  lang,
  dir: 'ltr',

  close: '关闭',
  back: '返回',
  tryAgain: '重试',
  done: '完成',
  connectAnother: '连接其他数据源',
  linkedMark: '已连接',
  details: '技术详情',

  loadingTitle: '正在加载',
  loadingText: '正在验证您的链接并加载提供商…',

  providersTitle: '连接数据源',
  providersIntro: '请选择要连接的设备或应用。',
  searchLabel: '搜索提供商',
  searchResults: (count) => `${number.format(count)} 个提供商`,
  noProvidersMatch: (query) => `没有与“${query}”匹配的提供商。`,
  clearSearch: '清除搜索',
  showMore: (count) => `再显示 ${number.format(count)} 个`,
  noProviders: '目前没有可连接的提供商。',

  inMobileApp: '在移动应用中连接',
  unsupportedTitle: (provider) => `请在移动应用中连接 ${provider}`,
  unsupportedText: (provider, app) => `请在手机上打开${app ? ` ${app} ` : '移动应用'}以连接 ${provider}。`,

  // Spaces around Latin provider names, as Chinese typesetting usually has.
  credentialsTitle: (provider) => `登录 ${provider}`,
  username: '用户名',
  password: '密码',
  signIn: '登录',
  signingIn: '正在登录…',

  mfaTitle: '输入验证码',
  mfaSent: (method, hint, round) => {
    const how = methodName(method);
    const code = round > 1 ? '另一个验证码' : '验证码';
    if (hint && how) return `我们已${how}向 ${hint} 发送了${code}。`;
    if (hint) return `我们已向 ${hint} 发送了${code}。`;
    return how ? `我们已${how}发送了${code}。` : '请输入提供商发送给您的验证码。';
  },
  verificationCode: '验证码',
  verify: '验证',
  verifying: '正在验证…',

  emailTitle: (provider) => `连接 ${provider}`,
  emailIntro: (provider) => `我们将通过电子邮件向您发送连接 ${provider} 的邀请。`,
  email: '电子邮件',
  sendInvite: '发送邀请',
  sending: '正在发送…',

  consentTitle: (provider) => `连接 ${provider}`,
  consentIntro: (app) => (app ? `${app} 将获得：` : '此应用将获得：'),
  consentMore: (count) => `及其他 ${number.format(count)} 项`,
  consentContinue: (provider) => `继续前往 ${provider}`,
  kinds: {
    sleep: '睡眠',
    activity: '活动',
    heartrate: '心率',
    hrv: '心率变异性',
    workouts: '锻炼',
    steps: '步数',
    calories_active: '活动卡路里',
    body: '身体测量数据',
    weight: '体重',
    fat: '体脂',
    glucose: '血糖',
    blood_pressure: '血压',
    body_temperature: '体温',
    respiratory_rate: '呼吸频率',
    menstrual_cycle: '月经周期',
    meal: '饮食',
    profile: '个人资料',
  },

  region: '地区',
  regionPlaceholder: '选择地区',

  oauthOpening: (provider) => `正在打开 ${provider}…`,
  oauthWaitingTitle: (provider) => `继续使用 ${provider}`,
  oauthWaitingText: (provider) => `请在打开的窗口中登录 ${provider}。完成后，此页面会自动更新。`,
  oauthBlockedText: (provider) => `请使用下方按钮打开 ${provider} 登录窗口。如果没有打开，请允许此网站显示弹出式窗口。`,
  oauthOpenWindow: (provider) => `打开 ${provider} 登录`,
  oauthShowWindow: '显示登录窗口',
  oauthFailedTitle: '未连接',
  oauthLostTitle: '没有完成？',
  oauthLostText: (provider) =>
    `${provider} 登录窗口已关闭或不在视线内。如果您已在那里完成，此页面会自动更新；如果没有，请重试。`,
  cancel: '取消',

  successTitle: '已连接',
  successText: (provider) => `${provider} 现已连接。`,
  emailSentTitle: '请查收电子邮件',
  emailSentText: (provider) => `我们已向您发送连接 ${provider} 的邀请。请点击邮件中的链接完成连接。`,

  closedTitle: '已关闭',
  closedText: '未连接任何提供商。',
  closedDoneText: '您现在可以关闭此窗口。',
  startAgain: '重新开始',

  errorTitle: '出了点问题',
  tokenErrorTitle: '此链接无法使用',
  unavailableTitle: '暂时不可用',
  chooseAnother: '选择其他提供商',

  errors: {
    invalid_token: '此链接无效。请返回应用并重新开始，以获取新链接。',
    token_expired: '此链接已过期。请返回应用并重新开始，以获取新链接。',
    token_consumed: '此链接已被使用。请返回应用并重新开始，以获取新链接。',
    token_not_validated: '无法验证此链接。请返回应用并重新开始，以获取新链接。',
    provider_credential_error: '提供商未接受该用户名或密码。请检查后重试。',
    provider_password_expired: '您在提供商处的密码已过期。请在提供商网站上重置密码，然后重试。',
    provider_api_error: '提供商暂时没有响应。请稍后重试。',
    unsupported_region: '此账号在该地区不可用。请选择您账号所在的地区。',
    duplicate_connection: '此提供商账号已与另一位用户连接。',
    required_scopes_not_granted: '连接需要所请求的全部权限。请重试并全部允许。',
    incorrect_mfa_code: '验证码不正确。请检查后重新输入。',
    session_expired: '会话已过期。请重新登录以继续。',
    user_cancelled: '登录在完成前已取消，或其窗口已关闭。您可以重试。',
    unsafe_oauth_url: '提供商登录页面的地址不安全，因此未打开。请选择其他提供商。',
    provider_unavailable: '该服务暂时停用了此提供商。请稍后重试，或选择其他提供商。',
    missing_username: '请输入用户名。',
    missing_password: '请输入密码。',
    missing_code: '请输入您收到的验证码。',
    missing_region: '请选择您账号所在的地区。',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: '请输入有效的电子邮件地址，例如 name@example.com。',
    generic: '无法完成此步骤。请稍后重试。',
    token_request_failed: '应用无法开始连接。请重试。',
    network: '无法连接到服务。请检查网络连接后重试。',
    timeout: '服务响应时间过长。请重试。',
  },
};

export default catalogue;
