import type { Messages } from '../messages.js';

// Brazilian Portuguese (“você”, “celular”, “tela”); every `pt-*` tag gets it, `pt-PT` included.
const lang = 'pt';
const plural = new Intl.PluralRules(lang);
const number = new Intl.NumberFormat(lang);

const methodName = (method: string) => (method === 'sms' ? 'por SMS' : method === 'email' ? 'por e-mail' : '');

const catalogue: Messages = {
  lang,
  dir: 'ltr',

  close: 'Fechar',
  back: 'Voltar',
  tryAgain: 'Tentar novamente',
  done: 'Concluir',
  connectAnother: 'Conectar outra',
  linkedMark: 'Conectado',
  details: 'Detalhes técnicos',

  loadingTitle: 'Carregando',
  loadingText: 'Verificando seu link e carregando os provedores…',

  providersTitle: 'Conectar uma fonte de dados',
  providersIntro: 'Escolha o dispositivo ou app que você quer conectar.',
  searchLabel: 'Buscar provedores',
  searchResults: (count) => {
    const n = number.format(count);
    switch (plural.select(count)) {
      case 'one': // 0 and 1 are singular in Portuguese
        return `${n} provedor`;
      case 'many':
        // Round millions take “de” (“1.000.000 de provedores”).
        return `${n} de provedores`;
      default:
        return `${n} provedores`;
    }
  },
  noProvidersMatch: (query) => `Nenhum provedor corresponde a “${query}”.`,
  clearSearch: 'Limpar a busca',
  showMore: (count) => `Mostrar mais ${number.format(count)}`,
  noProviders: 'Não há provedores para conectar no momento.',

  inMobileApp: 'Pelo app no celular',
  unsupportedTitle: (provider) => `Conectar ${provider} pelo app no celular`,
  unsupportedText: (provider, app) => `Abra ${app || 'o app'} no seu celular para conectar ${provider}.`,

  // “em ${provider}”, never “no/na”: the article would depend on the provider's gender.
  credentialsTitle: (provider) => `Entrar em ${provider}`,
  username: 'Nome de usuário',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Entrando…',

  mfaTitle: 'Digite o código de verificação',
  mfaSent: (method, hint, round) => {
    const how = methodName(method);
    const code = round > 1 ? 'outro código' : 'um código';
    if (hint && how) return `Enviamos ${code} ${how} para ${hint}.`;
    if (hint) return `Enviamos ${code} para ${hint}.`;
    return how ? `Enviamos ${code} ${how}.` : 'Digite o código que o provedor enviou para você.';
  },
  verificationCode: 'Código de verificação',
  verify: 'Verificar',
  verifying: 'Verificando…',

  emailTitle: (provider) => `Conectar ${provider}`,
  emailIntro: (provider) => `Vamos enviar um convite por e-mail para você conectar ${provider}.`,
  email: 'E-mail',
  sendInvite: 'Enviar convite',
  sending: 'Enviando…',

  consentTitle: (provider) => `Conectar ${provider}`,
  consentIntro: (app) => (app ? `${app} receberá:` : 'Este app receberá:'),
  consentMore: (count) => `e mais ${number.format(count)}`,
  consentContinue: (provider) => `Continuar para ${provider}`,
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

  oauthOpening: (provider) => `Abrindo ${provider}…`,
  oauthWaitingTitle: (provider) => `Continuar com ${provider}`,
  oauthWaitingText: (provider) =>
    `Entre em ${provider} na janela que se abriu. Esta página se atualiza sozinha quando você terminar.`,
  oauthBlockedText: (provider) =>
    `Abra a janela de login de ${provider} com o botão abaixo. Se nada abrir, permita pop-ups para este site.`,
  oauthOpenWindow: (provider) => `Abrir login de ${provider}`,
  oauthShowWindow: 'Mostrar a janela de login',
  oauthFailedTitle: 'Não conectado',
  oauthLostTitle: 'Não terminou?',
  oauthLostText: (provider) =>
    `A janela de login de ${provider} fechou ou saiu de vista. Se você terminou lá, esta página se atualiza sozinha; se não, tente novamente.`,
  cancel: 'Cancelar',

  successTitle: 'Conectado',
  successText: (provider) => `${provider} agora está conectado.`,
  emailSentTitle: 'Confira seu e-mail',
  emailSentText: (provider) =>
    `Enviamos um convite para você conectar ${provider}. Siga o link do convite para concluir.`,

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
    network: 'Não foi possível acessar o serviço. Verifique sua conexão e tente novamente.',
    timeout: 'O serviço demorou demais para responder. Tente novamente.',
  },
};

export default catalogue;
