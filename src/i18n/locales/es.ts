import type { Messages } from '../messages.js';

const lang = 'es';
const plural = new Intl.PluralRules(lang);
const number = new Intl.NumberFormat(lang);

const methodName = (method: string) =>
  method === 'sms' ? 'por mensaje de texto' : method === 'email' ? 'por correo electrónico' : '';

const catalogue: Messages = {
  lang,
  dir: 'ltr',

  close: 'Cerrar',
  back: 'Volver',
  tryAgain: 'Intentar de nuevo',
  done: 'Listo',
  connectAnother: 'Conectar otra',
  linkedMark: 'Conectado',
  details: 'Detalles técnicos',

  loadingTitle: 'Cargando',
  loadingText: 'Verificando tu enlace y cargando proveedores…',

  providersTitle: 'Conecta una fuente de datos',
  providersIntro: 'Elige el dispositivo o la app que quieres conectar.',
  searchLabel: 'Buscar proveedores',
  searchResults: (count) => {
    const n = number.format(count);
    switch (plural.select(count)) {
      case 'one':
        return `${n} proveedor`;
      case 'many':
        // Round millions take “de”: “1.000.000 de proveedores”.
        return `${n} de proveedores`;
      default:
        return `${n} proveedores`;
    }
  },
  noProvidersMatch: (query) => `Ningún proveedor coincide con “${query}”.`,
  clearSearch: 'Borrar la búsqueda',
  showMore: (count) => `Mostrar ${number.format(count)} más`,
  noProviders: 'No hay proveedores para conectar en este momento.',

  inMobileApp: 'Desde la app móvil',
  unsupportedTitle: (provider) => `Conecta ${provider} desde la app móvil`,
  unsupportedText: (provider, app) => `Abre ${app || 'la app móvil'} en tu teléfono para conectar ${provider}.`,

  credentialsTitle: (provider) => `Inicia sesión en ${provider}`,
  username: 'Nombre de usuario',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',

  // “Ingresar” is the usual Latin-American verb for typing in a value (Spain says “introducir”).
  mfaTitle: 'Ingresa el código de verificación',
  mfaSent: (method, hint, round) => {
    const how = methodName(method);
    const code = round > 1 ? 'otro código' : 'un código';
    if (hint && how) return `Te enviamos ${code} ${how} a ${hint}.`;
    if (hint) return `Te enviamos ${code} a ${hint}.`;
    return how ? `Te enviamos ${code} ${how}.` : 'Ingresa el código que te envió el proveedor.';
  },
  verificationCode: 'Código de verificación',
  verify: 'Verificar',
  verifying: 'Verificando…',

  emailTitle: (provider) => `Conecta ${provider}`,
  emailIntro: (provider) => `Te enviaremos por correo electrónico una invitación para conectar ${provider}.`,
  email: 'Correo electrónico',
  sendInvite: 'Enviar invitación',
  sending: 'Enviando…',

  consentTitle: (provider) => `Conectar ${provider}`,
  consentIntro: (app) => (app ? `${app} recibirá:` : 'Esta app recibirá:'),
  consentMore: (count) => `y ${number.format(count)} más`,
  consentContinue: (provider) => `Continuar a ${provider}`,
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

  oauthOpening: (provider) => `Abriendo ${provider}…`,
  oauthWaitingTitle: (provider) => `Continúa con ${provider}`,
  oauthWaitingText: (provider) =>
    `Inicia sesión en ${provider} en la ventana que se abrió. Esta página se actualizará sola cuando termines.`,
  oauthBlockedText: (provider) =>
    `Abre la ventana de inicio de sesión de ${provider} con el botón de abajo. Si no se abre nada, permite las ventanas emergentes en este sitio.`,
  oauthOpenWindow: (provider) => `Abrir inicio de sesión de ${provider}`,
  oauthShowWindow: 'Mostrar la ventana de inicio de sesión',
  oauthFailedTitle: 'No se pudo conectar',
  oauthLostTitle: '¿No terminaste?',
  oauthLostText: (provider) =>
    `La ventana de inicio de sesión de ${provider} se cerró o dejó de estar a la vista. Si terminaste allí, esta página se actualizará sola; si no, inténtalo de nuevo.`,
  cancel: 'Cancelar',

  successTitle: 'Conectado',
  successText: (provider) => `${provider} ya está conectado.`,
  emailSentTitle: 'Revisa tu correo',
  emailSentText: (provider) =>
    `Te enviamos una invitación para conectar ${provider}. Sigue el enlace del mensaje para terminar.`,

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
    network: 'No pudimos conectar con el servicio. Revisa tu conexión e inténtalo de nuevo.',
    timeout: 'El servicio tardó demasiado en responder. Inténtalo de nuevo.',
  },
};

export default catalogue;
