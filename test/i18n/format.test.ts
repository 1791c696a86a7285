/**
 * src/i18n/format.ts: every language, English included, is data made into words by the same code:
 * the sentence for where a code went and in which round, numbers and plural forms, lists. And a
 * catalogue that names a placeholder its message does not have, or lacks a message, does not compile.
 */
import { expect } from '@open-wc/testing';
import { LANGUAGES, loadMessages } from '../../src/i18n/index.js';
import type { Language } from '../../src/i18n/index.js';
import type { Catalogue, Checked } from '../../src/i18n/messages.js';
import { format } from '../../src/i18n/format.js';
import fr from '../../src/i18n/locales/fr.js';

/** The fake service's two challenges (test/fake-service/fake-service.mjs). */
const BY_TEXT = { method: 'sms', hint: '•••• 42' };
const BY_EMAIL = { method: 'email', hint: 'j•••@example.org' };

// Right to left, a hint or a name sits in first-strong isolates; a number does not.
const isolated = (text: string) => `\u2068${text}\u2069`;

interface Expected {
  /** The first code, sent by text message to `BY_TEXT.hint`. */
  firstCode: string;
  /** The second code, sent by email to `BY_EMAIL.hint`. */
  secondCode: string;
  /** The first code, with no word of how or where. */
  unsaid: string;
  /** Under the search box: 1, 2 and 12 345 providers. */
  results: [string, string, string];
  /** The consent sentence for Sleep, Steps and Weight, the page not naming its app. */
  consent: string;
}

const EXPECTED: Record<Language, Expected> = {
  en: {
    firstCode: 'We sent a code by text message to •••• 42.',
    secondCode: 'We sent another code by email to j•••@example.org.',
    unsaid: 'Enter the code the provider sent you.',
    // English writes 12,345 now, as Intl.NumberFormat does (it used to print 12345).
    results: ['1 provider', '2 providers', '12,345 providers'],
    consent: 'This app will receive: Sleep, Steps, and Weight',
  },
  es: {
    firstCode: 'Te enviamos un código por mensaje de texto a •••• 42.',
    secondCode: 'Te enviamos otro código por correo electrónico a j•••@example.org.',
    unsaid: 'Ingresa el código que te envió el proveedor.',
    results: ['1 proveedor', '2 proveedores', '12.345 proveedores'],
    consent: 'Esta app recibirá: Sueño, Pasos y Peso',
  },
  fr: {
    firstCode: 'Nous vous avons envoyé un code par SMS au •••• 42.',
    secondCode: 'Nous vous avons envoyé un autre code par e-mail à j•••@example.org.',
    unsaid: 'Saisissez le code que le fournisseur vous a envoyé.',
    results: ['1 fournisseur', '2 fournisseurs', '12\u202f345 fournisseurs'],
    consent: 'Cette application recevra\u202f: Sommeil, Pas et Poids',
  },
  de: {
    firstCode: 'Wir haben einen Code per SMS an •••• 42 gesendet.',
    secondCode: 'Wir haben einen neuen Code per E-Mail an j•••@example.org gesendet.',
    unsaid: 'Geben Sie den Code ein, den Ihnen der Anbieter gesendet hat.',
    results: ['1 Anbieter', '2 Anbieter', '12.345 Anbieter'],
    consent: 'Diese App erhält: Schlaf, Schritte und Gewicht',
  },
  ar: {
    firstCode: `أرسلنا رمزًا في رسالة نصية إلى ${isolated('•••• 42')}.`,
    secondCode: `أرسلنا رمزًا آخر عبر البريد الإلكتروني إلى ${isolated('j•••@example.org')}.`,
    unsaid: 'يُرجى إدخال الرمز الذي أرسله إليك المزوّد.',
    // One and two have words of their own; 12 345 takes the form of 11–99 (its last two digits),
    // in the digits the engine writes Arabic with.
    results: ['مزوّد واحد', 'مزوّدان', `${new Intl.NumberFormat('ar').format(12345)} مزوّدًا`],
    consent: 'سيتلقى هذا التطبيق: النوم والخطوات والوزن',
  },
  pt: {
    firstCode: 'Enviamos um código por SMS para •••• 42.',
    secondCode: 'Enviamos outro código por e-mail para j•••@example.org.',
    unsaid: 'Digite o código que o provedor enviou para você.',
    results: ['1 provedor', '2 provedores', '12.345 provedores'],
    consent: 'Este app receberá: Sono, Passos e Peso',
  },
  it: {
    firstCode: 'Ti abbiamo inviato un codice via SMS a •••• 42.',
    secondCode: 'Ti abbiamo inviato un altro codice via email a j•••@example.org.',
    unsaid: 'Inserisci il codice che ti ha inviato il fornitore.',
    results: ['1 fornitore', '2 fornitori', '12.345 fornitori'],
    consent: 'Questa app riceverà: Sonno, Passi e Peso',
  },
  nl: {
    firstCode: 'We hebben een code per sms gestuurd naar •••• 42.',
    secondCode: 'We hebben nog een code per e-mail gestuurd naar j•••@example.org.',
    unsaid: 'Voer de code in die de aanbieder je heeft gestuurd.',
    results: ['1 aanbieder', '2 aanbieders', '12.345 aanbieders'],
    consent: 'Deze app ontvangt: Slaap, Stappen en Gewicht',
  },
  ja: {
    firstCode: '•••• 42にSMSでコードを送信しました。',
    secondCode: 'j•••@example.orgにメールで別のコードを送信しました。',
    unsaid: '連携先から届いたコードを入力してください。',
    results: ['1件', '2件', '12,345件'],
    consent: 'このアプリが受け取るデータ： 睡眠、歩数、体重',
  },
  zh: {
    firstCode: '我们已通过短信向 •••• 42 发送了验证码。',
    secondCode: '我们已通过电子邮件向 j•••@example.org 发送了另一个验证码。',
    unsaid: '请输入提供商发送给您的验证码。',
    results: ['1 个提供商', '2 个提供商', '12,345 个提供商'],
    consent: '此应用将获得： 睡眠、步数和体重',
  },
};

describe('words from catalogues', () => {
  it('says where each round’s code went, in every language', async () => {
    for (const language of LANGUAGES) {
      const t = await loadMessages(language);
      const said = {
        firstCode: t.mfaSent(BY_TEXT.method, BY_TEXT.hint, 1),
        secondCode: t.mfaSent(BY_EMAIL.method, BY_EMAIL.hint, 2),
        unsaid: t.mfaSent('', '', 1),
      };
      const { firstCode, secondCode, unsaid } = EXPECTED[language];
      expect(said, language).to.deep.equal({ firstCode, secondCode, unsaid });
      // A way the widget has no words for is said as no way at all.
      expect(t.mfaSent('carrier_pigeon', '', 3), language).to.equal(unsaid);
    }
  });

  it('writes numbers and picks plural forms as each language does', async () => {
    for (const language of LANGUAGES) {
      const t = await loadMessages(language);
      expect([1, 2, 12345].map((count) => t.searchResults(count)), language).to.deep.equal(EXPECTED[language].results);
    }
    const ar = await loadMessages('ar');
    const arabic = new Intl.NumberFormat('ar');
    expect([0, 3, 100].map((count) => ar.searchResults(count))).to.deep.equal([
      'لا يوجد أي مزوّد',
      `${arabic.format(3)} مزوّدين`,
      `${arabic.format(100)} مزوّد`,
    ]);
    expect((await loadMessages('es')).searchResults(1_000_000)).to.equal('1.000.000 de proveedores');
  });

  it('joins a list as each language does', async () => {
    for (const language of LANGUAGES) {
      const t = await loadMessages(language);
      expect(t.consentSentence('', [t.kinds.sleep, t.kinds.steps, t.kinds.weight]), language).to.equal(EXPECTED[language].consent);
    }
  });

  it('keeps names and hints in their place in right-to-left text, and leaves their braces alone', async () => {
    const ar = await loadMessages('ar');
    expect(ar.credentialsTitle('Acme Health')).to.equal(`تسجيل الدخول إلى ${isolated('Acme Health')}`);
    expect(ar.unsupportedText('Scalewise', '')).to.equal(`يُرجى فتح تطبيق الهاتف المحمول على هاتفك لربط ${isolated('Scalewise')}.`);
    const en = await loadMessages('en');
    expect(en.noProvidersMatch('{query}')).to.equal('No provider matches “{query}”.');
    expect(en.credentialsTitle('$& {count}')).to.equal('Sign in to $& {count}');
    expect(format('en', { one: '{count} day', other: '{count} days' }, { count: 1 })).to.equal('1 day');
  });

  it('does not compile a catalogue with a placeholder its message lacks, or with a message missing', () => {
    // `npm run typecheck` judges this test: each line under @ts-expect-error must fail to compile.
    const typo = { ...fr, credentialsTitle: 'Connexion à {provdier}' } as const;
    // @ts-expect-error: `credentialsTitle` has `{provider}`, not `{provdier}`
    void (typo satisfies Checked<typeof typo>);
    const placeholderInText = { ...fr, close: 'Fermer {provider}' } as const;
    // @ts-expect-error: plain text has no placeholder
    void (placeholderInText satisfies Checked<typeof placeholderInText>);
    const hintWithoutHint = { ...fr, mfaSent: { ...fr.mfaSent, sms: { ...fr.mfaSent.sms, none: 'Envoyé au {hint}.' } } } as const;
    // @ts-expect-error: the form for no hint has no `{hint}`
    void (hintWithoutHint satisfies Checked<typeof hintWithoutHint>);
    const { verify: _verify, ...missing } = fr;
    // @ts-expect-error: `verify` is missing
    void (missing satisfies Catalogue);
    expect(fr satisfies Checked<typeof fr>).to.equal(fr);
  });
});
