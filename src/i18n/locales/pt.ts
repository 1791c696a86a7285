import type { Catalogue, Checked } from '../messages.js';

// Brazilian Portuguese (“você”, “celular”, “tela”); every `pt-*` tag gets it, `pt-PT` included.
const catalogue = {
  lang: 'pt',
  dir: 'ltr',

  close: 'Fechar',
  back: 'Voltar',
  tryAgain: 'Tentar novamente',
  done: 'Concluir',
  connectAnother: 'Conectar outra',
  linkedMark: 'Conectado',
  needsReconnect: 'Precisa reconectar',
  reconnectTitle: 'Reconectar {provider}',
  reconnectedText: '{provider} está conectado novamente.',
  disconnect: 'Desconectar',
  disconnectLabel: 'Desconectar {provider}',
  disconnectTitle: 'Desconectar {provider}?',
  disconnectText: { app: '{app} deixará de receber os dados dele.', none: 'Este app deixará de receber os dados dele.' },
  disconnecting: 'Desconectando…',
  disconnectedNote: '{provider} foi desconectado.',
  details: 'Detalhes técnicos',

  loadingTitle: 'Carregando',
  loadingText: 'Verificando seu link e carregando os provedores…',

  providersTitle: 'Conectar uma fonte de dados',
  providersIntro: 'Escolha o dispositivo ou app que você quer conectar.',
  searchLabel: 'Buscar provedores',
  searchResults: {
    one: '{count} provedor', // 0 and 1 are singular in Portuguese
    many: '{count} de provedores', // round millions take “de” (“1.000.000 de provedores”)
    other: '{count} provedores',
  },
  noProvidersMatch: 'Nenhum provedor corresponde a “{query}”.',
  clearSearch: 'Limpar a busca',
  showMore: 'Mostrar mais {count}',
  noProviders: 'Não há provedores para conectar no momento.',

  inMobileApp: 'Pelo app no celular',
  unsupportedTitle: 'Conectar {provider} pelo app no celular',
  unsupportedText: {
    app: 'Abra {app} no seu celular para conectar {provider}.',
    none: 'Abra o app no seu celular para conectar {provider}.',
  },

  // “em {provider}”, never “no/na”: the article would depend on the provider's gender.
  credentialsTitle: 'Entrar em {provider}',
  username: 'Nome de usuário',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Entrando…',

  mfaTitle: 'Digite o código de verificação',
  mfaSent: {
    sms: { hint: 'Enviamos {code} por SMS para {hint}.', none: 'Enviamos {code} por SMS.' },
    email: { hint: 'Enviamos {code} por e-mail para {hint}.', none: 'Enviamos {code} por e-mail.' },
    other: { hint: 'Enviamos {code} para {hint}.', none: 'Digite o código que o provedor enviou para você.' },
  },
  mfaCode: { first: 'um código', again: 'outro código' },
  verificationCode: 'Código de verificação',
  verify: 'Verificar',
  verifying: 'Verificando…',

  emailTitle: 'Conectar {provider}',
  emailIntro: 'Vamos enviar um convite por e-mail para você conectar {provider}.',
  email: 'E-mail',
  sendInvite: 'Enviar convite',
  sending: 'Enviando…',

  consentTitle: 'Conectar {provider}',
  consentIntro: { app: '{app} receberá:', none: 'Este app receberá:' },
  consentMore: 'e mais {count}',
  consentContinue: 'Continuar para {provider}',
  kinds: {
    sleep: 'Sono',
    activity: 'Atividade',
    heartrate: 'Frequência cardíaca',
    hrv: 'Variabilidade da frequência cardíaca',
    workouts: 'Treinos',
    steps: 'Passos',
    calories_active: 'Calorias ativas',
    body: 'Medidas corporais',
    weight: 'Peso',
    fat: 'Gordura corporal',
    glucose: 'Glicose',
    blood_pressure: 'Pressão arterial',
    body_temperature: 'Temperatura corporal',
    respiratory_rate: 'Frequência respiratória',
    menstrual_cycle: 'Ciclo menstrual',
    meal: 'Refeições',
    profile: 'Perfil',
  },

  region: 'Região',
  regionPlaceholder: 'Escolha uma região',

  oauthOpening: 'Abrindo {provider}…',
  oauthWaitingTitle: 'Continuar com {provider}',
  oauthWaitingText: 'Entre em {provider} na janela que se abriu. Esta página se atualiza sozinha quando você terminar.',
  oauthBlockedText: 'Abra a janela de login de {provider} com o botão abaixo. Se nada abrir, permita pop-ups para este site.',
  oauthOpenWindow: 'Abrir login de {provider}',
  oauthShowWindow: 'Mostrar a janela de login',
  oauthFailedTitle: 'Não conectado',
  oauthLostTitle: 'Não terminou?',
  oauthLostText:
    'A janela de login de {provider} fechou ou saiu de vista. Se você terminou lá, esta página se atualiza sozinha; se não, tente novamente.',
  cancel: 'Cancelar',

  successTitle: 'Conectado',
  successText: '{provider} agora está conectado.',
  emailSentTitle: 'Confira seu e-mail',
  emailSentText: 'Enviamos um convite para você conectar {provider}. Siga o link do convite para concluir.',

  closedTitle: 'Fechado',
  closedText: 'Nenhum provedor foi conectado.',
  closedDoneText: 'Você já pode fechar esta janela.',
  startAgain: 'Começar de novo',

  errorTitle: 'Algo deu errado',
  tokenErrorTitle: 'Este link não pode ser usado',
  unavailableTitle: 'Indisponível no momento',
  chooseAnother: 'Escolher outro provedor',

  errors: {
    invalid_token: 'Este link não é válido. Volte ao app e comece de novo para receber um novo link.',
    token_expired: 'Este link expirou. Volte ao app e comece de novo para receber um novo link.',
    token_consumed: 'Este link já foi usado. Volte ao app e comece de novo para receber um novo link.',
    token_not_validated: 'Não foi possível verificar este link. Volte ao app e comece de novo para receber um novo link.',
    provider_credential_error: 'O provedor não aceitou esse nome de usuário ou essa senha. Confira e tente novamente.',
    provider_password_expired: 'Sua senha no provedor expirou. Redefina a senha no site do provedor e tente novamente.',
    provider_api_error: 'O provedor não está respondendo agora. Tente novamente em instantes.',
    unsupported_region: 'Esta conta não está disponível nesta região. Escolha a região da sua conta.',
    duplicate_connection: 'Esta conta do provedor já está conectada a outro usuário.',
    required_scopes_not_granted:
      'Todas as permissões solicitadas são necessárias para conectar. Tente novamente e permita todas.',
    incorrect_mfa_code: 'Esse código não está certo. Confira e digite de novo.',
    session_expired: 'Sua sessão expirou. Entre de novo para continuar.',
    user_cancelled: 'O login foi cancelado, ou a janela dele foi fechada, antes de terminar. Você pode tentar novamente.',
    unsafe_oauth_url:
      'O endereço da página de login do provedor não é seguro, por isso ela não foi aberta. Escolha outro provedor.',
    provider_unavailable: 'O serviço desativou este provedor por enquanto. Tente novamente mais tarde ou escolha outro provedor.',
    missing_username: 'Digite seu nome de usuário.',
    missing_password: 'Digite sua senha.',
    missing_code: 'Digite o código que você recebeu.',
    missing_region: 'Escolha a região da sua conta.',
    // example.com stays: it is reserved for examples, a translated domain could belong to someone.
    invalid_email: 'Digite um endereço de e-mail válido, como nome@example.com.',
    generic: 'Não foi possível concluir esta etapa. Tente novamente em instantes.',
    token_request_failed: 'O app não conseguiu iniciar a conexão. Tente novamente.',
    disconnect_failed: 'Não foi possível desconectar este provedor. Tente novamente.',
    network: 'Não foi possível acessar o serviço. Verifique sua conexão e tente novamente.',
    timeout: 'O serviço demorou demais para responder. Tente novamente.',
  },
} as const satisfies Catalogue;

export default catalogue satisfies Checked<typeof catalogue>;
