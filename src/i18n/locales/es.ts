import type { Catalogue, Checked } from '../messages.js';

const catalogue = {
  lang: 'es',
  dir: 'ltr',

  close: 'Cerrar',
  back: 'Volver',
  tryAgain: 'Intentar de nuevo',
  done: 'Listo',
  connectAnother: 'Conectar otra',
  linkedMark: 'Conectado',
  needsReconnect: 'Hay que reconectar',
  reconnectTitle: 'Vuelve a conectar {provider}',
  reconnectedText: '{provider} vuelve a estar conectado.',
  disconnect: 'Desconectar',
  disconnectLabel: 'Desconectar {provider}',
  disconnectTitle: '¿Desconectar {provider}?',
  disconnectText: { app: '{app} dejará de recibir sus datos.', none: 'Esta app dejará de recibir sus datos.' },
  disconnecting: 'Desconectando…',
  disconnectedNote: '{provider} se desconectó.',
  details: 'Detalles técnicos',

  loadingTitle: 'Cargando',
  loadingText: 'Verificando tu enlace y cargando proveedores…',

  providersTitle: 'Conecta una fuente de datos',
  providersIntro: 'Elige el dispositivo o la app que quieres conectar.',
  searchLabel: 'Buscar proveedores',
  searchResults: {
    one: '{count} proveedor',
    many: '{count} de proveedores', // round millions take “de”: “1.000.000 de proveedores”
    other: '{count} proveedores',
  },
  noProvidersMatch: 'Ningún proveedor coincide con “{query}”.',
  clearSearch: 'Borrar la búsqueda',
  showMore: 'Mostrar {count} más',
  noProviders: 'No hay proveedores para conectar en este momento.',

  inMobileApp: 'Desde la app móvil',
  unsupportedTitle: 'Conecta {provider} desde la app móvil',
  unsupportedText: {
    app: 'Abre {app} en tu teléfono para conectar {provider}.',
    none: 'Abre la app móvil en tu teléfono para conectar {provider}.',
  },

  credentialsTitle: 'Inicia sesión en {provider}',
  username: 'Nombre de usuario',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',

  // “Ingresar” is the usual Latin-American verb for typing in a value (Spain says “introducir”).
  mfaTitle: 'Ingresa el código de verificación',
  mfaSent: {
    sms: { hint: 'Te enviamos {code} por mensaje de texto a {hint}.', none: 'Te enviamos {code} por mensaje de texto.' },
    email: { hint: 'Te enviamos {code} por correo electrónico a {hint}.', none: 'Te enviamos {code} por correo electrónico.' },
    other: { hint: 'Te enviamos {code} a {hint}.', none: 'Ingresa el código que te envió el proveedor.' },
  },
  mfaCode: { first: 'un código', again: 'otro código' },
  verificationCode: 'Código de verificación',
  verify: 'Verificar',
  verifying: 'Verificando…',

  emailTitle: 'Conecta {provider}',
  emailIntro: 'Te enviaremos por correo electrónico una invitación para conectar {provider}.',
  email: 'Correo electrónico',
  sendInvite: 'Enviar invitación',
  sending: 'Enviando…',

  consentTitle: 'Conectar {provider}',
  consentIntro: { app: '{app} recibirá:', none: 'Esta app recibirá:' },
  consentMore: 'y {count} más',
  consentContinue: 'Continuar a {provider}',
  kinds: {
    sleep: 'Sueño',
    activity: 'Actividad',
    heartrate: 'Frecuencia cardíaca',
    hrv: 'Variabilidad de la frecuencia cardíaca',
    workouts: 'Entrenamientos',
    steps: 'Pasos',
    calories_active: 'Calorías activas',
    body: 'Medidas corporales',
    weight: 'Peso',
    fat: 'Grasa corporal',
    glucose: 'Glucosa',
    blood_pressure: 'Presión arterial',
    body_temperature: 'Temperatura corporal',
    respiratory_rate: 'Frecuencia respiratoria',
    menstrual_cycle: 'Ciclo menstrual',
    meal: 'Comidas',
    profile: 'Perfil',
  },

  region: 'Región',
  regionPlaceholder: 'Elige una región',

  oauthOpening: 'Abriendo {provider}…',
  oauthWaitingTitle: 'Continúa con {provider}',
  oauthWaitingText: 'Inicia sesión en {provider} en la ventana que se abrió. Esta página se actualizará sola cuando termines.',
  oauthBlockedText:
    'Abre la ventana de inicio de sesión de {provider} con el botón de abajo. Si no se abre nada, permite las ventanas emergentes en este sitio.',
  oauthOpenWindow: 'Abrir inicio de sesión de {provider}',
  oauthShowWindow: 'Mostrar la ventana de inicio de sesión',
  oauthFailedTitle: 'No se pudo conectar',
  oauthLostTitle: '¿No terminaste?',
  oauthLostText:
    'La ventana de inicio de sesión de {provider} se cerró o dejó de estar a la vista. Si terminaste allí, esta página se actualizará sola; si no, inténtalo de nuevo.',
  cancel: 'Cancelar',

  successTitle: 'Conectado',
  successText: '{provider} ya está conectado.',
  emailSentTitle: 'Revisa tu correo',
  emailSentText: 'Te enviamos una invitación para conectar {provider}. Sigue el enlace del mensaje para terminar.',

  closedTitle: 'Ventana cerrada',
  closedText: 'No se conectó ningún proveedor.',
  closedDoneText: 'Ya puedes cerrar esta ventana.',
  startAgain: 'Empezar de nuevo',

  errorTitle: 'Algo salió mal',
  tokenErrorTitle: 'Este enlace no se puede usar',
  unavailableTitle: 'No disponible por ahora',
  chooseAnother: 'Elegir otro proveedor',

  errors: {
    invalid_token: 'Este enlace no es válido. Vuelve a la app y empieza de nuevo para obtener uno nuevo.',
    token_expired: 'Este enlace expiró. Vuelve a la app y empieza de nuevo para obtener uno nuevo.',
    token_consumed: 'Este enlace ya se usó. Vuelve a la app y empieza de nuevo para obtener uno nuevo.',
    token_not_validated: 'No se pudo verificar este enlace. Vuelve a la app y empieza de nuevo para obtener uno nuevo.',
    provider_credential_error:
      'El proveedor no aceptó ese nombre de usuario o contraseña. Revísalos e inténtalo de nuevo.',
    provider_password_expired:
      'Tu contraseña del proveedor expiró. Restablécela en el sitio del proveedor y vuelve a intentarlo.',
    provider_api_error: 'El proveedor no responde en este momento. Vuelve a intentarlo en unos instantes.',
    unsupported_region: 'Esta cuenta no está disponible en esta región. Elige la región de tu cuenta.',
    duplicate_connection: 'Esta cuenta del proveedor ya está conectada a otro usuario.',
    required_scopes_not_granted:
      'Para conectar se necesitan todos los permisos solicitados. Inténtalo de nuevo y acéptalos todos.',
    incorrect_mfa_code: 'Ese código no es correcto. Revísalo e ingrésalo de nuevo.',
    session_expired: 'Tu sesión caducó. Inicia sesión de nuevo para continuar.',
    user_cancelled:
      'El inicio de sesión se canceló, o se cerró su ventana, antes de terminar. Puedes intentarlo de nuevo.',
    unsafe_oauth_url:
      'La dirección de la página de inicio de sesión del proveedor no es segura, así que no se abrió. Elige otro proveedor.',
    provider_unavailable: 'El servicio ha desactivado este proveedor por ahora. Inténtalo más tarde o elige otro proveedor.',
    missing_username: 'Ingresa tu nombre de usuario.',
    missing_password: 'Ingresa tu contraseña.',
    missing_code: 'Ingresa el código que recibiste.',
    missing_region: 'Elige la región de tu cuenta.',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: 'Ingresa un correo electrónico válido, como nombre@example.com.',
    generic: 'No pudimos completar este paso. Inténtalo de nuevo en un momento.',
    token_request_failed: 'La app no pudo iniciar la conexión. Inténtalo de nuevo.',
    disconnect_failed: 'No pudimos desconectar este proveedor. Inténtalo de nuevo.',
    network: 'No pudimos conectar con el servicio. Revisa tu conexión e inténtalo de nuevo.',
    timeout: 'El servicio tardó demasiado en responder. Inténtalo de nuevo.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
