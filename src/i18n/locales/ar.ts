import type { Catalogue, Checked } from '../messages.js';

// Instructions use “يُرجى” with a verbal noun rather than an imperative, so they do not assume
// the reader’s gender. Names, hints and searches go in first-strong isolates (format.ts), as they do
// in every right-to-left catalogue.
const catalogue = {
  lang: 'ar',
  dir: 'rtl',

  close: 'إغلاق',
  back: 'رجوع',
  tryAgain: 'إعادة المحاولة',
  done: 'تم',
  connectAnother: 'ربط مصدر آخر',
  linkedMark: 'مرتبط',
  needsReconnect: 'يلزم إعادة الربط',
  reconnectTitle: 'إعادة ربط {provider}',
  reconnectedText: 'تمت إعادة ربط {provider}.',
  disconnect: 'إلغاء الربط',
  disconnectLabel: 'إلغاء ربط {provider}',
  disconnectTitle: 'إلغاء ربط {provider}؟',
  disconnectText: { app: 'سيتوقف {app} عن تلقي بياناته.', none: 'سيتوقف هذا التطبيق عن تلقي بياناته.' },
  disconnecting: 'جارٍ إلغاء الربط…',
  disconnectedNote: 'تم إلغاء ربط {provider}.',
  details: 'تفاصيل تقنية',

  loadingTitle: 'جارٍ التحميل',
  loadingText: 'جارٍ التحقق من الرابط وتحميل المزوّدين…',

  providersTitle: 'ربط مصدر بيانات',
  providersIntro: 'يُرجى اختيار الجهاز أو التطبيق المراد ربطه.',
  searchLabel: 'البحث عن مزوّد',
  searchResults: {
    zero: 'لا يوجد أي مزوّد',
    one: 'مزوّد واحد',
    two: 'مزوّدان',
    few: '{count} مزوّدين', // 3–10: genitive plural
    many: '{count} مزوّدًا', // 11–99: accusative singular
    other: '{count} مزوّد', // 100 and up: genitive singular
  },
  noProvidersMatch: 'لا يوجد مزوّد يطابق «{query}».',
  clearSearch: 'مسح البحث',
  showMore: 'عرض {count} إضافية',
  noProviders: 'لا يوجد مزوّدون متاحون للربط حاليًا.',

  inMobileApp: 'من تطبيق الهاتف المحمول',
  unsupportedTitle: 'ربط {provider} من تطبيق الهاتف المحمول',
  unsupportedText: { app: 'يُرجى فتح {app} على هاتفك لربط {provider}.', none: 'يُرجى فتح تطبيق الهاتف المحمول على هاتفك لربط {provider}.' },

  credentialsTitle: 'تسجيل الدخول إلى {provider}',
  username: 'اسم المستخدم',
  password: 'كلمة المرور',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول…',

  mfaTitle: 'إدخال رمز التحقق',
  mfaSent: {
    sms: { hint: 'أرسلنا {code} في رسالة نصية إلى {hint}.', none: 'أرسلنا إليك {code} في رسالة نصية.' },
    email: { hint: 'أرسلنا {code} عبر البريد الإلكتروني إلى {hint}.', none: 'أرسلنا إليك {code} عبر البريد الإلكتروني.' },
    other: { hint: 'أرسلنا {code} إلى {hint}.', none: 'يُرجى إدخال الرمز الذي أرسله إليك المزوّد.' },
  },
  mfaCode: { first: 'رمزًا', again: 'رمزًا آخر' },
  verificationCode: 'رمز التحقق',
  verify: 'تأكيد',
  verifying: 'جارٍ التحقق…',

  emailTitle: 'ربط {provider}',
  emailIntro: 'سنرسل إليك دعوة عبر البريد الإلكتروني لربط {provider}.',
  email: 'البريد الإلكتروني',
  sendInvite: 'إرسال الدعوة',
  sending: 'جارٍ الإرسال…',

  consentTitle: 'ربط {provider}',
  consentIntro: { app: 'سيتلقى {app}:', none: 'سيتلقى هذا التطبيق:' },
  consentMore: 'و{count} أخرى',
  consentContinue: 'المتابعة إلى {provider}',
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

  oauthOpening: 'جارٍ فتح {provider}…',
  oauthWaitingTitle: 'المتابعة عبر {provider}',
  oauthWaitingText: 'يُرجى تسجيل الدخول إلى {provider} في النافذة التي فُتحت. ستُحدَّث هذه الصفحة تلقائيًا عند الانتهاء.',
  oauthBlockedText:
    'يُرجى فتح نافذة تسجيل الدخول إلى {provider} باستخدام الزر أدناه. إذا لم تُفتح أي نافذة، فيُرجى السماح بالنوافذ المنبثقة لهذا الموقع.',
  oauthOpenWindow: 'فتح صفحة تسجيل الدخول إلى {provider}',
  oauthShowWindow: 'إظهار نافذة تسجيل الدخول',
  oauthFailedTitle: 'لم يتم الربط',
  oauthLostTitle: 'ألم تُكمل العملية؟',
  oauthLostText:
    'أُغلقت نافذة تسجيل الدخول إلى {provider} أو لم تعد ظاهرة. إذا أكملت هناك فستتحدّث هذه الصفحة تلقائيًا، وإلا فأعد المحاولة.',
  cancel: 'إلغاء',

  successTitle: 'تم الربط',
  successText: 'تم ربط {provider} بنجاح.',
  emailSentTitle: 'يُرجى مراجعة بريدك الإلكتروني',
  emailSentText: 'أرسلنا إليك دعوة لربط {provider}. يُرجى فتح الرابط الوارد فيها لإكمال العملية.',

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
    invalid_email: 'يُرجى إدخال عنوان بريد إلكتروني صالح، مثل \u2068name@example.com\u2069.',
    generic: 'تعذّر إكمال هذه الخطوة. يُرجى المحاولة مرة أخرى بعد قليل.',
    token_request_failed: 'تعذّر على التطبيق بدء الربط. يُرجى المحاولة مرة أخرى.',
    disconnect_failed: 'تعذّر إلغاء ربط هذا المصدر. يُرجى المحاولة مرة أخرى.',
    network: 'تعذّر الوصول إلى الخدمة. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.',
    timeout: 'استغرقت الخدمة وقتًا طويلًا للرد. يُرجى المحاولة مرة أخرى.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
