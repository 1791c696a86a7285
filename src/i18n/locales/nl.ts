import type { Catalogue, Checked } from '../messages.js';

// Dutch, addressing the user as “je”, as most apps do.
const catalogue = {
  lang: 'nl',
  dir: 'ltr',

  close: 'Sluiten',
  back: 'Terug',
  tryAgain: 'Opnieuw proberen',
  done: 'Klaar',
  connectAnother: 'Nog een koppelen',
  linkedMark: 'Gekoppeld',
  needsReconnect: 'Opnieuw koppelen nodig',
  reconnectTitle: '{provider} opnieuw koppelen',
  reconnectedText: '{provider} is weer gekoppeld.',
  disconnect: 'Ontkoppelen',
  disconnectLabel: '{provider} ontkoppelen',
  disconnectTitle: '{provider} ontkoppelen?',
  disconnectText: { app: '{app} ontvangt dan geen gegevens meer van deze bron.', none: 'Deze app ontvangt dan geen gegevens meer van deze bron.' },
  disconnecting: 'Ontkoppelen…',
  disconnectedNote: '{provider} is ontkoppeld.',
  details: 'Technische details',

  loadingTitle: 'Laden',
  loadingText: 'Je link wordt gecontroleerd en de aanbieders worden geladen…',

  providersTitle: 'Een gegevensbron koppelen',
  providersIntro: 'Kies het apparaat of de app die je wilt koppelen.',
  searchLabel: 'Aanbieders zoeken',
  searchResults: { one: '{count} aanbieder', other: '{count} aanbieders' },
  noProvidersMatch: 'Geen aanbieder komt overeen met ‘{query}’.',
  clearSearch: 'Zoekopdracht wissen',
  showMore: 'Nog {count} tonen',
  noProviders: 'Er zijn op dit moment geen aanbieders om te koppelen.',

  inMobileApp: 'Via de mobiele app',
  unsupportedTitle: '{provider} koppelen via de mobiele app',
  unsupportedText: {
    app: 'Open {app} op je telefoon om {provider} te koppelen.',
    none: 'Open de mobiele app op je telefoon om {provider} te koppelen.',
  },

  credentialsTitle: 'Inloggen bij {provider}',
  username: 'Gebruikersnaam',
  password: 'Wachtwoord',
  signIn: 'Inloggen',
  signingIn: 'Bezig met inloggen…',

  mfaTitle: 'Voer de verificatiecode in',
  mfaSent: {
    sms: { hint: 'We hebben {code} per sms gestuurd naar {hint}.', none: 'We hebben {code} per sms gestuurd.' },
    email: { hint: 'We hebben {code} per e-mail gestuurd naar {hint}.', none: 'We hebben {code} per e-mail gestuurd.' },
    other: { hint: 'We hebben {code} gestuurd naar {hint}.', none: 'Voer de code in die de aanbieder je heeft gestuurd.' },
  },
  mfaCode: { first: 'een code', again: 'nog een code' },
  verificationCode: 'Verificatiecode',
  verify: 'Verifiëren',
  verifying: 'Bezig met verifiëren…',

  emailTitle: '{provider} koppelen',
  emailIntro: 'We sturen je per e-mail een uitnodiging om {provider} te koppelen.',
  email: 'E-mailadres',
  sendInvite: 'Uitnodiging sturen',
  sending: 'Bezig met versturen…',

  consentTitle: '{provider} koppelen',
  consentIntro: { app: '{app} ontvangt:', none: 'Deze app ontvangt:' },
  consentMore: 'en nog {count}',
  consentContinue: 'Doorgaan naar {provider}',
  kinds: {
    sleep: 'Slaap',
    activity: 'Activiteit',
    heartrate: 'Hartslag',
    hrv: 'Hartslagvariabiliteit',
    workouts: 'Trainingen',
    steps: 'Stappen',
    calories_active: 'Actieve calorieën',
    body: 'Lichaamsmaten',
    weight: 'Gewicht',
    fat: 'Lichaamsvet',
    glucose: 'Glucose',
    blood_pressure: 'Bloeddruk',
    body_temperature: 'Lichaamstemperatuur',
    respiratory_rate: 'Ademhalingsfrequentie',
    menstrual_cycle: 'Menstruatiecyclus',
    meal: 'Maaltijden',
    profile: 'Profiel',
  },

  region: 'Regio',
  regionPlaceholder: 'Kies een regio',

  oauthOpening: '{provider} wordt geopend…',
  oauthWaitingTitle: 'Doorgaan met {provider}',
  oauthWaitingText: 'Log in bij {provider} in het venster dat is geopend. Deze pagina wordt vanzelf bijgewerkt als je klaar bent.',
  oauthBlockedText: 'Open het inlogvenster van {provider} met de knop hieronder. Als er niets opent, sta dan pop-ups toe voor deze site.',
  oauthOpenWindow: 'Inlogvenster van {provider} openen',
  oauthShowWindow: 'Inlogvenster tonen',
  oauthFailedTitle: 'Niet gekoppeld',
  oauthLostTitle: 'Niet afgerond?',
  oauthLostText:
    'Het inlogvenster van {provider} is gesloten of uit beeld. Als je daar klaar bent, wordt deze pagina vanzelf bijgewerkt; zo niet, probeer het dan opnieuw.',
  cancel: 'Annuleren',

  successTitle: 'Gekoppeld',
  successText: '{provider} is nu gekoppeld.',
  emailSentTitle: 'Check je e-mail',
  emailSentText: 'We hebben je een uitnodiging gestuurd om {provider} te koppelen. Volg de link erin om af te ronden.',

  closedTitle: 'Gesloten',
  closedText: 'Er is geen aanbieder gekoppeld.',
  closedDoneText: 'Je kunt dit venster nu sluiten.',
  startAgain: 'Opnieuw beginnen',

  errorTitle: 'Er is iets misgegaan',
  tokenErrorTitle: 'Deze link kan niet worden gebruikt',
  unavailableTitle: 'Tijdelijk niet beschikbaar',
  chooseAnother: 'Andere aanbieder kiezen',

  errors: {
    invalid_token: 'Deze link is niet geldig. Ga terug naar de app en begin opnieuw om een nieuwe te krijgen.',
    token_expired: 'Deze link is verlopen. Ga terug naar de app en begin opnieuw om een nieuwe te krijgen.',
    token_consumed: 'Deze link is al gebruikt. Ga terug naar de app en begin opnieuw om een nieuwe te krijgen.',
    token_not_validated: 'Deze link kon niet worden gecontroleerd. Ga terug naar de app en begin opnieuw om een nieuwe te krijgen.',
    provider_credential_error:
      'De aanbieder heeft die gebruikersnaam of dat wachtwoord niet geaccepteerd. Controleer ze en probeer het opnieuw.',
    provider_password_expired:
      'Je wachtwoord bij de aanbieder is verlopen. Stel het opnieuw in op de site van de aanbieder en probeer het dan opnieuw.',
    provider_api_error: 'De aanbieder reageert op dit moment niet. Probeer het zo opnieuw.',
    unsupported_region: 'Dit account is niet beschikbaar in deze regio. Kies de regio van je account.',
    duplicate_connection: 'Dit account bij de aanbieder is al gekoppeld aan een andere gebruiker.',
    required_scopes_not_granted:
      'Alle gevraagde toestemmingen zijn nodig om te koppelen. Probeer het opnieuw en sta ze allemaal toe.',
    incorrect_mfa_code: 'Die code klopt niet. Controleer hem en voer hem opnieuw in.',
    session_expired: 'Je sessie is verlopen. Log opnieuw in om verder te gaan.',
    user_cancelled: 'Het inloggen is geannuleerd, of het venster is gesloten, voordat het klaar was. Je kunt het opnieuw proberen.',
    unsafe_oauth_url:
      'Het adres van de inlogpagina van de aanbieder is niet veilig en is daarom niet geopend. Kies een andere aanbieder.',
    provider_unavailable: 'De service heeft deze aanbieder voorlopig uitgeschakeld. Probeer het later opnieuw of kies een andere aanbieder.',
    missing_username: 'Voer je gebruikersnaam in.',
    missing_password: 'Voer je wachtwoord in.',
    missing_code: 'Voer de code in die je hebt ontvangen.',
    missing_region: 'Kies de regio van je account.',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: 'Voer een geldig e-mailadres in, zoals naam@example.com.',
    generic: 'Deze stap kon niet worden afgerond. Probeer het zo opnieuw.',
    token_request_failed: 'De app kon het koppelen niet starten. Probeer het opnieuw.',
    disconnect_failed: 'Deze bron kon niet worden ontkoppeld. Probeer het opnieuw.',
    network: 'We konden de service niet bereiken. Controleer je verbinding en probeer het opnieuw.',
    timeout: 'De service deed er te lang over om te antwoorden. Probeer het opnieuw.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
