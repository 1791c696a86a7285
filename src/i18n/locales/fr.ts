import type { Catalogue, Checked } from '../messages.js';

const catalogue = {
  lang: 'fr',
  dir: 'ltr',

  close: 'Fermer',
  back: 'Retour',
  tryAgain: 'Réessayer',
  done: 'Terminé',
  connectAnother: 'En connecter une autre',
  linkedMark: 'Connecté',
  needsReconnect: 'À reconnecter',
  reconnectTitle: 'Reconnecter {provider}',
  reconnectedText: '{provider} est de nouveau connecté.',
  disconnect: 'Déconnecter',
  disconnectLabel: 'Déconnecter {provider}',
  disconnectTitle: 'Déconnecter {provider}\u202f?',
  disconnectText: { app: '{app} ne recevra plus ses données.', none: 'Cette application ne recevra plus ses données.' },
  disconnecting: 'Déconnexion…',
  disconnectedNote: '{provider} est déconnecté.',
  details: 'Détails techniques',

  loadingTitle: 'Chargement',
  loadingText: 'Vérification de votre lien et chargement des fournisseurs…',

  providersTitle: 'Connecter une source de données',
  providersIntro: 'Choisissez l’appareil ou l’application à connecter.',
  searchLabel: 'Rechercher un fournisseur',
  searchResults: {
    one: '{count} fournisseur', // 0 and 1 are singular in French
    many: '{count} de fournisseurs', // round millions take “de” (“1 000 000 de fournisseurs”)
    other: '{count} fournisseurs',
  },
  noProvidersMatch: 'Aucun fournisseur ne correspond à «\u202f{query}\u202f».',
  clearSearch: 'Effacer la recherche',
  showMore: 'Afficher {count} de plus',
  noProviders: 'Aucun fournisseur n’est disponible pour le moment.',

  inMobileApp: 'Depuis l’application mobile',
  unsupportedTitle: 'Connecter {provider} depuis l’application mobile',
  unsupportedText: {
    app: 'Ouvrez {app} sur votre téléphone pour connecter {provider}.',
    none: 'Ouvrez l’application mobile sur votre téléphone pour connecter {provider}.',
  },

  // “à {provider}” rather than “de {provider}” throughout: “de” would need elision (“d’”) before a vowel.
  credentialsTitle: 'Connexion à {provider}',
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  signingIn: 'Connexion en cours…',

  mfaTitle: 'Saisissez le code de vérification',
  // “au” before a phone number, “à” before an address.
  mfaSent: {
    sms: { hint: 'Nous vous avons envoyé {code} par SMS au {hint}.', none: 'Nous vous avons envoyé {code} par SMS.' },
    email: { hint: 'Nous vous avons envoyé {code} par e-mail à {hint}.', none: 'Nous vous avons envoyé {code} par e-mail.' },
    other: { hint: 'Nous vous avons envoyé {code} à {hint}.', none: 'Saisissez le code que le fournisseur vous a envoyé.' },
  },
  mfaCode: { first: 'un code', again: 'un autre code' },
  verificationCode: 'Code de vérification',
  verify: 'Vérifier',
  verifying: 'Vérification…',

  emailTitle: 'Connecter {provider}',
  emailIntro: 'Nous allons vous envoyer par e-mail une invitation à connecter {provider}.',
  email: 'Adresse e-mail',
  sendInvite: 'Envoyer l’invitation',
  sending: 'Envoi en cours…',

  consentTitle: 'Connecter {provider}',
  consentIntro: { app: '{app} recevra\u202f:', none: 'Cette application recevra\u202f:' },
  consentMore: 'et {count} de plus',
  consentContinue: 'Continuer vers {provider}',
  kinds: {
    sleep: 'Sommeil',
    activity: 'Activité',
    heartrate: 'Fréquence cardiaque',
    hrv: 'Variabilité de la fréquence cardiaque',
    workouts: 'Entraînements',
    steps: 'Pas',
    calories_active: 'Calories actives',
    body: 'Mensurations',
    weight: 'Poids',
    fat: 'Masse grasse',
    glucose: 'Glycémie',
    blood_pressure: 'Tension artérielle',
    body_temperature: 'Température corporelle',
    respiratory_rate: 'Fréquence respiratoire',
    menstrual_cycle: 'Cycle menstruel',
    meal: 'Repas',
    profile: 'Profil',
  },

  region: 'Région',
  regionPlaceholder: 'Choisissez une région',

  oauthOpening: 'Ouverture de la connexion à {provider}…',
  oauthWaitingTitle: 'Continuer avec {provider}',
  oauthWaitingText:
    'Connectez-vous à {provider} dans la fenêtre qui s’est ouverte. Cette page se mettra à jour d’elle-même une fois que vous aurez terminé.',
  oauthBlockedText:
    'Ouvrez la fenêtre de connexion à {provider} avec le bouton ci-dessous. Si rien ne s’ouvre, autorisez les fenêtres pop-up pour ce site.',
  oauthOpenWindow: 'Se connecter à {provider}',
  oauthShowWindow: 'Afficher la fenêtre de connexion',
  oauthFailedTitle: 'Connexion non établie',
  oauthLostTitle: 'Vous n’avez pas terminé ?',
  oauthLostText:
    'La fenêtre de connexion {provider} s’est fermée ou n’est plus visible. Si vous avez terminé, cette page se met à jour toute seule ; sinon, réessayez.',
  cancel: 'Annuler',

  successTitle: 'Connexion établie',
  successText: '{provider} est maintenant connecté.',
  emailSentTitle: 'Consultez vos e-mails',
  emailSentText: 'Nous vous avons envoyé une invitation à connecter {provider}. Suivez le lien qu’elle contient pour terminer.',

  closedTitle: 'Fenêtre fermée',
  closedText: 'Aucun fournisseur n’a été connecté.',
  closedDoneText: 'Vous pouvez maintenant fermer cette fenêtre.',
  startAgain: 'Recommencer',

  errorTitle: 'Une erreur est survenue',
  tokenErrorTitle: 'Ce lien ne peut pas être utilisé',
  unavailableTitle: 'Momentanément indisponible',
  chooseAnother: 'Choisir un autre fournisseur',

  errors: {
    invalid_token: 'Ce lien n’est pas valide. Revenez dans l’application et recommencez pour en obtenir un nouveau.',
    token_expired: 'Ce lien a expiré. Revenez dans l’application et recommencez pour en obtenir un nouveau.',
    token_consumed: 'Ce lien a déjà été utilisé. Revenez dans l’application et recommencez pour en obtenir un nouveau.',
    token_not_validated:
      'Ce lien n’a pas pu être vérifié. Revenez dans l’application et recommencez pour en obtenir un nouveau.',
    provider_credential_error:
      'Le fournisseur n’a pas accepté ce nom d’utilisateur ou ce mot de passe. Vérifiez-les et réessayez.',
    provider_password_expired:
      'Votre mot de passe chez le fournisseur a expiré. Réinitialisez-le sur le site du fournisseur, puis réessayez.',
    provider_api_error: 'Le fournisseur ne répond pas pour le moment. Réessayez dans un instant.',
    unsupported_region: 'Ce compte n’est pas disponible dans cette région. Choisissez la région de votre compte.',
    duplicate_connection: 'Ce compte fournisseur est déjà connecté à un autre utilisateur.',
    required_scopes_not_granted:
      'Toutes les autorisations demandées sont nécessaires pour la connexion. Réessayez et acceptez-les toutes.',
    incorrect_mfa_code: 'Ce code n’est pas correct. Vérifiez-le et saisissez-le à nouveau.',
    session_expired: 'Votre session a expiré. Connectez-vous à nouveau pour continuer.',
    user_cancelled: 'La connexion a été annulée, ou sa fenêtre fermée, avant la fin. Vous pouvez réessayer.',
    unsafe_oauth_url:
      'L’adresse de la page de connexion du fournisseur n’est pas sûre, elle n’a donc pas été ouverte. Choisissez un autre fournisseur.',
    provider_unavailable: 'Le service a désactivé ce fournisseur pour le moment. Réessayez plus tard ou choisissez un autre fournisseur.',
    missing_username: 'Saisissez votre nom d’utilisateur.',
    missing_password: 'Saisissez votre mot de passe.',
    missing_code: 'Saisissez le code que vous avez reçu.',
    missing_region: 'Choisissez la région de votre compte.',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: 'Saisissez une adresse e-mail valide, par exemple nom@example.com.',
    generic: 'Cette étape n’a pas pu aboutir. Réessayez dans un instant.',
    token_request_failed: 'L’application n’a pas pu lancer la connexion. Réessayez.',
    disconnect_failed: 'Nous n’avons pas pu déconnecter ce fournisseur. Réessayez.',
    network: 'Impossible de joindre le service. Vérifiez votre connexion et réessayez.',
    timeout: 'Le service a mis trop de temps à répondre. Réessayez.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
