import type { Catalogue, Checked } from '../messages.js';

const catalogue = {
  lang: 'de',
  dir: 'ltr',

  close: 'Schließen',
  back: 'Zurück',
  tryAgain: 'Erneut versuchen',
  done: 'Fertig',
  connectAnother: 'Weitere verbinden',
  linkedMark: 'Verbunden',
  needsReconnect: 'Neu verbinden nötig',
  reconnectTitle: '{provider} neu verbinden',
  reconnectedText: '{provider} ist wieder verbunden.',
  disconnect: 'Trennen',
  disconnectLabel: '{provider} trennen',
  disconnectTitle: '{provider} trennen?',
  disconnectText: { app: '{app} erhält dann keine Daten mehr davon.', none: 'Diese App erhält dann keine Daten mehr davon.' },
  disconnecting: 'Wird getrennt…',
  disconnectedNote: '{provider} ist getrennt.',
  details: 'Technische Details',

  loadingTitle: 'Wird geladen',
  loadingText: 'Ihr Link wird geprüft und die Anbieter werden geladen…',

  providersTitle: 'Datenquelle verbinden',
  providersIntro: 'Wählen Sie das Gerät oder die App, die Sie verbinden möchten.',
  searchLabel: 'Anbieter suchen',
  // “Anbieter” is the same in singular and plural; the forms are kept apart so a wording change stays easy.
  searchResults: { one: '{count} Anbieter', other: '{count} Anbieter' },
  noProvidersMatch: 'Kein Anbieter passt zu „{query}“.',
  clearSearch: 'Suche löschen',
  showMore: '{count} weitere anzeigen',
  noProviders: 'Derzeit gibt es keine Anbieter, die Sie verbinden können.',

  inMobileApp: 'In der mobilen App',
  unsupportedTitle: '{provider} in der mobilen App verbinden',
  unsupportedText: {
    app: 'Öffnen Sie {app} auf Ihrem Smartphone, um {provider} zu verbinden.',
    none: 'Öffnen Sie die mobile App auf Ihrem Smartphone, um {provider} zu verbinden.',
  },

  credentialsTitle: 'Bei {provider} anmelden',
  username: 'Benutzername',
  password: 'Passwort',
  signIn: 'Anmelden',
  signingIn: 'Anmeldung läuft…',

  mfaTitle: 'Bestätigungscode eingeben',
  mfaSent: {
    sms: { hint: 'Wir haben {code} per SMS an {hint} gesendet.', none: 'Wir haben Ihnen {code} per SMS gesendet.' },
    email: { hint: 'Wir haben {code} per E-Mail an {hint} gesendet.', none: 'Wir haben Ihnen {code} per E-Mail gesendet.' },
    other: { hint: 'Wir haben {code} an {hint} gesendet.', none: 'Geben Sie den Code ein, den Ihnen der Anbieter gesendet hat.' },
  },
  mfaCode: { first: 'einen Code', again: 'einen neuen Code' },
  verificationCode: 'Bestätigungscode',
  verify: 'Bestätigen',
  verifying: 'Wird bestätigt…',

  emailTitle: '{provider} verbinden',
  emailIntro: 'Wir senden Ihnen per E-Mail eine Einladung, um {provider} zu verbinden.',
  email: 'E-Mail-Adresse',
  sendInvite: 'Einladung senden',
  sending: 'Wird gesendet…',

  consentTitle: '{provider} verbinden',
  consentIntro: { app: '{app} erhält:', none: 'Diese App erhält:' },
  consentMore: 'und {count} weitere',
  consentContinue: 'Weiter zu {provider}',
  kinds: {
    sleep: 'Schlaf',
    activity: 'Aktivität',
    heartrate: 'Herzfrequenz',
    hrv: 'Herzfrequenzvariabilität',
    workouts: 'Trainings',
    steps: 'Schritte',
    calories_active: 'Aktive Kalorien',
    body: 'Körpermaße',
    weight: 'Gewicht',
    fat: 'Körperfett',
    glucose: 'Glukose',
    blood_pressure: 'Blutdruck',
    body_temperature: 'Körpertemperatur',
    respiratory_rate: 'Atemfrequenz',
    menstrual_cycle: 'Menstruationszyklus',
    meal: 'Mahlzeiten',
    profile: 'Profil',
  },

  region: 'Region',
  regionPlaceholder: 'Region auswählen',

  oauthOpening: '{provider} wird geöffnet…',
  oauthWaitingTitle: 'Weiter mit {provider}',
  oauthWaitingText:
    'Melden Sie sich im geöffneten Fenster bei {provider} an. Diese Seite aktualisiert sich automatisch, sobald Sie fertig sind.',
  oauthBlockedText:
    'Öffnen Sie das Anmeldefenster von {provider} mit der Schaltfläche unten. Wenn sich nichts öffnet, erlauben Sie Pop-ups für diese Website.',
  oauthOpenWindow: 'Anmeldung bei {provider} öffnen',
  oauthShowWindow: 'Anmeldefenster anzeigen',
  oauthFailedTitle: 'Nicht verbunden',
  oauthLostTitle: 'Nicht abgeschlossen?',
  oauthLostText:
    'Das Anmeldefenster von {provider} wurde geschlossen oder ist nicht mehr sichtbar. Wenn Sie dort fertig sind, aktualisiert sich diese Seite von selbst, sonst versuchen Sie es erneut.',
  cancel: 'Abbrechen',

  successTitle: 'Verbunden',
  successText: '{provider} ist jetzt verbunden.',
  emailSentTitle: 'Prüfen Sie Ihre E-Mails',
  emailSentText:
    'Wir haben Ihnen eine Einladung gesendet, um {provider} zu verbinden. Folgen Sie dem Link darin, um den Vorgang abzuschließen.',

  closedTitle: 'Geschlossen',
  closedText: 'Es wurde kein Anbieter verbunden.',
  closedDoneText: 'Sie können dieses Fenster jetzt schließen.',
  startAgain: 'Neu beginnen',

  errorTitle: 'Etwas ist schiefgelaufen',
  tokenErrorTitle: 'Dieser Link kann nicht verwendet werden',
  unavailableTitle: 'Vorübergehend nicht verfügbar',
  chooseAnother: 'Anderen Anbieter wählen',

  errors: {
    invalid_token:
      'Dieser Link ist ungültig. Kehren Sie zur App zurück und beginnen Sie neu, um einen neuen Link zu erhalten.',
    token_expired:
      'Dieser Link ist abgelaufen. Kehren Sie zur App zurück und beginnen Sie neu, um einen neuen Link zu erhalten.',
    token_consumed:
      'Dieser Link wurde bereits verwendet. Kehren Sie zur App zurück und beginnen Sie neu, um einen neuen Link zu erhalten.',
    token_not_validated:
      'Dieser Link konnte nicht überprüft werden. Kehren Sie zur App zurück und beginnen Sie neu, um einen neuen Link zu erhalten.',
    provider_credential_error:
      'Der Anbieter hat diesen Benutzernamen oder dieses Passwort nicht akzeptiert. Prüfen Sie Ihre Angaben und versuchen Sie es erneut.',
    provider_password_expired:
      'Ihr Passwort beim Anbieter ist abgelaufen. Setzen Sie es auf der Website des Anbieters zurück und versuchen Sie es dann erneut.',
    provider_api_error: 'Der Anbieter antwortet gerade nicht. Versuchen Sie es gleich noch einmal.',
    unsupported_region: 'Dieses Konto ist in dieser Region nicht verfügbar. Wählen Sie die Region Ihres Kontos.',
    duplicate_connection: 'Dieses Anbieterkonto ist bereits mit einem anderen Benutzer verbunden.',
    required_scopes_not_granted:
      'Für die Verbindung werden alle angeforderten Berechtigungen benötigt. Versuchen Sie es erneut und erlauben Sie alle.',
    incorrect_mfa_code: 'Dieser Code ist nicht korrekt. Prüfen Sie ihn und geben Sie ihn erneut ein.',
    session_expired: 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um fortzufahren.',
    user_cancelled:
      'Die Anmeldung wurde abgebrochen oder ihr Fenster geschlossen, bevor sie abgeschlossen war. Sie können es erneut versuchen.',
    unsafe_oauth_url:
      'Die Adresse der Anmeldeseite des Anbieters ist nicht sicher und wurde daher nicht geöffnet. Wählen Sie einen anderen Anbieter.',
    provider_unavailable: 'Der Dienst hat diesen Anbieter vorerst abgeschaltet. Versuchen Sie es später erneut oder wählen Sie einen anderen Anbieter.',
    missing_username: 'Geben Sie Ihren Benutzernamen ein.',
    missing_password: 'Geben Sie Ihr Passwort ein.',
    missing_code: 'Geben Sie den erhaltenen Code ein.',
    missing_region: 'Wählen Sie die Region Ihres Kontos.',
    invalid_email: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
    generic: 'Dieser Schritt konnte nicht abgeschlossen werden. Versuchen Sie es gleich noch einmal.',
    token_request_failed: 'Die App konnte die Verbindung nicht starten. Versuchen Sie es erneut.',
    disconnect_failed: 'Die Verbindung konnte nicht getrennt werden. Versuchen Sie es erneut.',
    network: 'Der Dienst ist nicht erreichbar. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    timeout: 'Der Dienst hat zu lange nicht geantwortet. Versuchen Sie es erneut.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
