import type { Catalogue, Checked } from '../messages.js';

// Italian, addressing the user as “tu”, as most apps do.
const catalogue = {
  lang: 'it',
  dir: 'ltr',

  close: 'Chiudi',
  back: 'Indietro',
  tryAgain: 'Riprova',
  done: 'Fine',
  connectAnother: 'Collegane un’altra',
  linkedMark: 'Collegato',
  needsReconnect: 'Da ricollegare',
  reconnectTitle: 'Ricollega {provider}',
  reconnectedText: '{provider} è di nuovo collegato.',
  disconnect: 'Scollega',
  disconnectLabel: 'Scollega {provider}',
  disconnectTitle: 'Scollegare {provider}?',
  disconnectText: { app: '{app} smetterà di ricevere i suoi dati.', none: 'Questa app smetterà di ricevere i suoi dati.' },
  disconnecting: 'Scollegamento…',
  disconnectedNote: '{provider} è scollegato.',
  details: 'Dettagli tecnici',

  loadingTitle: 'Caricamento',
  loadingText: 'Verifica del link e caricamento dei fornitori…',

  providersTitle: 'Collega una fonte di dati',
  providersIntro: 'Scegli il dispositivo o l’app da collegare.',
  searchLabel: 'Cerca fornitori',
  searchResults: {
    one: '{count} fornitore',
    many: '{count} di fornitori', // round millions take “di” (“1.000.000 di fornitori”)
    other: '{count} fornitori',
  },
  noProvidersMatch: 'Nessun fornitore corrisponde a “{query}”.',
  clearSearch: 'Cancella la ricerca',
  showMore: 'Mostra altri {count}',
  noProviders: 'Al momento non ci sono fornitori da collegare.',

  inMobileApp: 'Dall’app mobile',
  unsupportedTitle: 'Collega {provider} dall’app mobile',
  unsupportedText: {
    app: 'Apri {app} sul telefono per collegare {provider}.',
    none: 'Apri l’app mobile sul telefono per collegare {provider}.',
  },

  credentialsTitle: 'Accedi a {provider}',
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  signingIn: 'Accesso in corso…',

  mfaTitle: 'Inserisci il codice di verifica',
  mfaSent: {
    sms: { hint: 'Ti abbiamo inviato {code} via SMS a {hint}.', none: 'Ti abbiamo inviato {code} via SMS.' },
    email: { hint: 'Ti abbiamo inviato {code} via email a {hint}.', none: 'Ti abbiamo inviato {code} via email.' },
    other: { hint: 'Ti abbiamo inviato {code} a {hint}.', none: 'Inserisci il codice che ti ha inviato il fornitore.' },
  },
  mfaCode: { first: 'un codice', again: 'un altro codice' },
  verificationCode: 'Codice di verifica',
  verify: 'Verifica',
  verifying: 'Verifica in corso…',

  emailTitle: 'Collega {provider}',
  emailIntro: 'Ti invieremo via email un invito a collegare {provider}.',
  email: 'Email',
  sendInvite: 'Invia invito',
  sending: 'Invio in corso…',

  consentTitle: 'Collega {provider}',
  consentIntro: { app: '{app} riceverà:', none: 'Questa app riceverà:' },
  consentMore: 'e altri {count}',
  consentContinue: 'Continua su {provider}',
  kinds: {
    sleep: 'Sonno',
    activity: 'Attività',
    heartrate: 'Frequenza cardiaca',
    hrv: 'Variabilità della frequenza cardiaca',
    workouts: 'Allenamenti',
    steps: 'Passi',
    calories_active: 'Calorie attive',
    body: 'Misure corporee',
    weight: 'Peso',
    fat: 'Massa grassa',
    glucose: 'Glicemia',
    blood_pressure: 'Pressione sanguigna',
    body_temperature: 'Temperatura corporea',
    respiratory_rate: 'Frequenza respiratoria',
    menstrual_cycle: 'Ciclo mestruale',
    meal: 'Pasti',
    profile: 'Profilo',
  },

  region: 'Regione',
  regionPlaceholder: 'Scegli una regione',

  oauthOpening: 'Apertura di {provider}…',
  oauthWaitingTitle: 'Continua con {provider}',
  oauthWaitingText: 'Accedi a {provider} nella finestra che si è aperta. Questa pagina si aggiorna da sola quando hai finito.',
  oauthBlockedText:
    'Apri la finestra di accesso di {provider} con il pulsante qui sotto. Se non si apre nulla, consenti i pop-up per questo sito.',
  oauthOpenWindow: 'Apri l’accesso a {provider}',
  oauthShowWindow: 'Mostra la finestra di accesso',
  oauthFailedTitle: 'Non collegato',
  oauthLostTitle: 'Non hai finito?',
  oauthLostText:
    'La finestra di accesso di {provider} si è chiusa o non è più visibile. Se hai finito lì, questa pagina si aggiorna da sola; altrimenti riprova.',
  cancel: 'Annulla',

  successTitle: 'Collegato',
  successText: '{provider} ora è collegato.',
  emailSentTitle: 'Controlla la tua email',
  emailSentText: 'Ti abbiamo inviato un invito a collegare {provider}. Segui il link che contiene per completare.',

  closedTitle: 'Chiuso',
  closedText: 'Nessun fornitore è stato collegato.',
  closedDoneText: 'Ora puoi chiudere questa finestra.',
  startAgain: 'Ricomincia',

  errorTitle: 'Si è verificato un errore',
  tokenErrorTitle: 'Questo link non può essere usato',
  unavailableTitle: 'Temporaneamente non disponibile',
  chooseAnother: 'Scegli un altro fornitore',

  errors: {
    invalid_token: 'Questo link non è valido. Torna all’app e ricomincia per riceverne uno nuovo.',
    token_expired: 'Questo link è scaduto. Torna all’app e ricomincia per riceverne uno nuovo.',
    token_consumed: 'Questo link è già stato usato. Torna all’app e ricomincia per riceverne uno nuovo.',
    token_not_validated: 'Non è stato possibile verificare questo link. Torna all’app e ricomincia per riceverne uno nuovo.',
    provider_credential_error: 'Il fornitore non ha accettato questo nome utente o questa password. Controllali e riprova.',
    provider_password_expired: 'La tua password presso il fornitore è scaduta. Reimpostala sul sito del fornitore, poi riprova.',
    provider_api_error: 'Il fornitore non risponde in questo momento. Riprova tra poco.',
    unsupported_region: 'Questo account non è disponibile in questa regione. Scegli la regione del tuo account.',
    duplicate_connection: 'Questo account del fornitore è già collegato a un altro utente.',
    required_scopes_not_granted: 'Per il collegamento servono tutte le autorizzazioni richieste. Riprova e concedile tutte.',
    incorrect_mfa_code: 'Il codice non è corretto. Controllalo e inseriscilo di nuovo.',
    session_expired: 'La sessione è scaduta. Accedi di nuovo per continuare.',
    user_cancelled: 'L’accesso è stato annullato, o la sua finestra è stata chiusa, prima della fine. Puoi riprovare.',
    unsafe_oauth_url:
      'L’indirizzo della pagina di accesso del fornitore non è sicuro, quindi non è stato aperto. Scegli un altro fornitore.',
    provider_unavailable: 'Il servizio ha disattivato questo fornitore per ora. Riprova più tardi o scegli un altro fornitore.',
    missing_username: 'Inserisci il tuo nome utente.',
    missing_password: 'Inserisci la tua password.',
    missing_code: 'Inserisci il codice che hai ricevuto.',
    missing_region: 'Scegli la regione del tuo account.',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: 'Inserisci un indirizzo email valido, ad esempio nome@example.com.',
    generic: 'Non è stato possibile completare questo passaggio. Riprova tra poco.',
    token_request_failed: 'L’app non è riuscita ad avviare il collegamento. Riprova.',
    disconnect_failed: 'Non è stato possibile scollegare questo fornitore. Riprova.',
    network: 'Impossibile raggiungere il servizio. Controlla la connessione e riprova.',
    timeout: 'Il servizio ha impiegato troppo tempo a rispondere. Riprova.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
