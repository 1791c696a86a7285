import type { Messages } from '../messages.js';

const lang = 'ar';
const plural = new Intl.PluralRules(lang);
const number = new Intl.NumberFormat(lang);

// Provider names, hints and queries are usually Latin text or numbers: first-strong isolates
// (U+2068 … U+2069) keep them and the punctuation around them in place inside right-to-left text.
const iso = (text: string) => `\u2068${text}\u2069`;

const methodName = (method: string) =>
  method === 'sms' ? 'في رسالة نصية' : method === 'email' ? 'عبر البريد الإلكتروني' : '';

// Instructions use “يُرجى” with a verbal noun rather than an imperative, so they do not assume
// the reader’s gender.
const catalogue: Messages = {
  lang,
  dir: 'rtl',

  close: 'إغلاق',
  back: 'رجوع',
  tryAgain: 'إعادة المحاولة',
  done: 'تم',
  connectAnother: 'ربط مصدر آخر',
  linkedMark: 'مرتبط',
  details: 'تفاصيل تقنية',

  loadingTitle: 'جارٍ التحميل',
  loadingText: 'جارٍ التحقق من الرابط وتحميل المزوّدين…',

  providersTitle: 'ربط مصدر بيانات',
  providersIntro: 'يُرجى اختيار الجهاز أو التطبيق المراد ربطه.',
  searchLabel: 'البحث عن مزوّد',
  searchResults: (count) => {
    const n = number.format(count);
    switch (plural.select(count)) {
      case 'zero':
        return 'لا يوجد أي مزوّد';
      case 'one':
        return 'مزوّد واحد';
      case 'two':
        return 'مزوّدان';
      case 'few': // 3–10: genitive plural
        return `${n} مزوّدين`;
      case 'many': // 11–99: accusative singular
        return `${n} مزوّدًا`;
      default: // 100 and up: genitive singular
        return `${n} مزوّد`;
    }
  },
  noProvidersMatch: (query) => `لا يوجد مزوّد يطابق «${iso(query)}».`,
  clearSearch: 'مسح البحث',
  showMore: (count) => `عرض ${number.format(count)} إضافية`,
  noProviders: 'لا يوجد مزوّدون متاحون للربط حاليًا.',

  inMobileApp: 'من تطبيق الهاتف المحمول',
  unsupportedTitle: (provider) => `ربط ${iso(provider)} من تطبيق الهاتف المحمول`,
  unsupportedText: (provider, app) => `يُرجى فتح ${app ? iso(app) : 'تطبيق الهاتف المحمول'} على هاتفك لربط ${iso(provider)}.`,

  credentialsTitle: (provider) => `تسجيل الدخول إلى ${iso(provider)}`,
  username: 'اسم المستخدم',
  password: 'كلمة المرور',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول…',

  mfaTitle: 'إدخال رمز التحقق',
  mfaSent: (method, hint, round) => {
    const how = methodName(method);
    const code = round > 1 ? 'رمزًا آخر' : 'رمزًا';
    if (hint && how) return `أرسلنا ${code} ${how} إلى ${iso(hint)}.`;
    if (hint) return `أرسلنا ${code} إلى ${iso(hint)}.`;
    return how ? `أرسلنا إليك ${code} ${how}.` : 'يُرجى إدخال الرمز الذي أرسله إليك المزوّد.';
  },
  verificationCode: 'رمز التحقق',
  verify: 'تأكيد',
  verifying: 'جارٍ التحقق…',

  emailTitle: (provider) => `ربط ${iso(provider)}`,
  emailIntro: (provider) => `سنرسل إليك دعوة عبر البريد الإلكتروني لربط ${iso(provider)}.`,
  email: 'البريد الإلكتروني',
  sendInvite: 'إرسال الدعوة',
  sending: 'جارٍ الإرسال…',

  consentTitle: (provider) => `ربط ${iso(provider)}`,
  consentIntro: (app) => (app ? `سيتلقى ${iso(app)}:` : 'سيتلقى هذا التطبيق:'),
  consentMore: (count) => `و${number.format(count)} أخرى`,
  consentContinue: (provider) => `المتابعة إلى ${iso(provider)}`,
  kinds: {
    sleep: 'النوم',
    activity: 'النشاط',
    heartrate: 'معدل ضربات القلب',
    hrv: 'تقلّب معدل ضربات القلب',
    workouts: 'التمارين',
    steps: 'الخطوات',
    calories_active: 'السعرات الحرارية النشطة',
    body: 'قياسات الجسم',
    weight: 'الوزن',
    fat: 'دهون الجسم',
    glucose: 'الجلوكوز',
    blood_pressure: 'ضغط الدم',
    body_temperature: 'درجة حرارة الجسم',
    respiratory_rate: 'معدل التنفس',
    menstrual_cycle: 'الدورة الشهرية',
    meal: 'الوجبات',
    profile: 'الملف الشخصي',
  },

  region: 'المنطقة',
  regionPlaceholder: 'اختيار منطقة',

  oauthOpening: (provider) => `جارٍ فتح ${iso(provider)}…`,
  oauthWaitingTitle: (provider) => `المتابعة عبر ${iso(provider)}`,
  oauthWaitingText: (provider) =>
    `يُرجى تسجيل الدخول إلى ${iso(provider)} في النافذة التي فُتحت. ستُحدَّث هذه الصفحة تلقائيًا عند الانتهاء.`,
  oauthBlockedText: (provider) =>
    `يُرجى فتح نافذة تسجيل الدخول إلى ${iso(provider)} باستخدام الزر أدناه. إذا لم تُفتح أي نافذة، فيُرجى السماح بالنوافذ المنبثقة لهذا الموقع.`,
  oauthOpenWindow: (provider) => `فتح صفحة تسجيل الدخول إلى ${iso(provider)}`,
  oauthShowWindow: 'إظهار نافذة تسجيل الدخول',
  oauthFailedTitle: 'لم يتم الربط',
  oauthLostTitle: 'ألم تُكمل العملية؟',
  oauthLostText: (provider) =>
    `أُغلقت نافذة تسجيل الدخول إلى ${iso(provider)} أو لم تعد ظاهرة. إذا أكملت هناك فستتحدّث هذه الصفحة تلقائيًا، وإلا فأعد المحاولة.`,
  cancel: 'إلغاء',

  successTitle: 'تم الربط',
  successText: (provider) => `تم ربط ${iso(provider)} بنجاح.`,
  emailSentTitle: 'يُرجى مراجعة بريدك الإلكتروني',
  emailSentText: (provider) =>
    `أرسلنا إليك دعوة لربط ${iso(provider)}. يُرجى فتح الرابط الوارد فيها لإكمال العملية.`,

  closedTitle: 'تم الإغلاق',
  closedText: 'لم يُربط أي مزوّد.',
  closedDoneText: 'يمكنك إغلاق هذه النافذة الآن.',
  startAgain: 'البدء من جديد',

  errorTitle: 'حدث خطأ ما',
  tokenErrorTitle: 'لا يمكن استخدام هذا الرابط',
  unavailableTitle: 'غير متاح مؤقتًا',
  chooseAnother: 'اختيار مزوّد آخر',

  errors: {
    invalid_token: 'هذا الرابط غير صالح. يُرجى العودة إلى التطبيق والبدء من جديد للحصول على رابط جديد.',
    token_expired: 'انتهت صلاحية هذا الرابط. يُرجى العودة إلى التطبيق والبدء من جديد للحصول على رابط جديد.',
    token_consumed: 'سبق استخدام هذا الرابط. يُرجى العودة إلى التطبيق والبدء من جديد للحصول على رابط جديد.',
    token_not_validated: 'تعذّر التحقق من هذا الرابط. يُرجى العودة إلى التطبيق والبدء من جديد للحصول على رابط جديد.',
    provider_credential_error:
      'لم يقبل المزوّد اسم المستخدم أو كلمة المرور. يُرجى التحقق منهما والمحاولة مرة أخرى.',
    provider_password_expired:
      'انتهت صلاحية كلمة مرورك لدى المزوّد. يُرجى إعادة تعيينها على موقع المزوّد، ثم المحاولة مرة أخرى.',
    provider_api_error: 'المزوّد لا يستجيب حاليًا. يُرجى المحاولة مرة أخرى بعد قليل.',
    unsupported_region: 'هذا الحساب غير متاح في هذه المنطقة. يُرجى اختيار منطقة حسابك.',
    duplicate_connection: 'حساب المزوّد هذا مرتبط بالفعل بمستخدم آخر.',
    required_scopes_not_granted:
      'يلزم منح جميع الأذونات المطلوبة لإتمام الربط. يُرجى المحاولة مرة أخرى والسماح بها كلها.',
    incorrect_mfa_code: 'الرمز غير صحيح. يُرجى التحقق منه وإدخاله مرة أخرى.',
    session_expired: 'انتهت صلاحية الجلسة. سجّل الدخول مرة أخرى للمتابعة.',
    user_cancelled: 'أُلغي تسجيل الدخول، أو أُغلقت نافذته، قبل اكتماله. يمكنك المحاولة مرة أخرى.',
    unsafe_oauth_url:
      'عنوان صفحة تسجيل الدخول لدى المزوّد غير آمن، لذا لم يتم فتحه. يُرجى اختيار مزوّد آخر.',
    provider_unavailable: 'أوقفت الخدمة هذا المزوّد مؤقتًا. يُرجى المحاولة لاحقًا أو اختيار مزوّد آخر.',
    missing_username: 'يُرجى إدخال اسم المستخدم.',
    missing_password: 'يُرجى إدخال كلمة المرور.',
    missing_code: 'يُرجى إدخال الرمز الذي تلقيته.',
    missing_region: 'يُرجى اختيار منطقة حسابك.',
    invalid_email: `يُرجى إدخال عنوان بريد إلكتروني صالح، مثل ${iso('name@example.com')}.`,
    generic: 'تعذّر إكمال هذه الخطوة. يُرجى المحاولة مرة أخرى بعد قليل.',
    token_request_failed: 'تعذّر على التطبيق بدء الربط. يُرجى المحاولة مرة أخرى.',
    network: 'تعذّر الوصول إلى الخدمة. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.',
    timeout: 'استغرقت الخدمة وقتًا طويلًا للرد. يُرجى المحاولة مرة أخرى.',
  },
};

export default catalogue;
