import { compile } from './format.js';
import type { Catalogue, Checked, Messages } from './messages.js';

const catalogue = {
  lang: 'en',
  dir: 'ltr',

  close: 'Close',
  back: 'Back',
  tryAgain: 'Try again',
  done: 'Done',
  connectAnother: 'Connect another',
  linkedMark: 'Connected',
  needsReconnect: 'Reconnect needed',
  reconnectTitle: 'Reconnect {provider}',
  reconnectedText: '{provider} is connected again.',
  disconnect: 'Disconnect',
  disconnectLabel: 'Disconnect {provider}',
  disconnectTitle: 'Disconnect {provider}?',
  disconnectText: { app: '{app} will stop receiving its data.', none: 'This app will stop receiving its data.' },
  disconnecting: 'Disconnecting…',
  disconnectedNote: '{provider} is disconnected.',
  details: 'Technical details',

  loadingTitle: 'Loading',
  loadingText: 'Checking your link and loading providers…',

  providersTitle: 'Connect a data source',
  providersIntro: 'Choose the device or app you want to connect.',
  searchLabel: 'Search providers',
  searchResults: { one: '{count} provider', other: '{count} providers' },
  noProvidersMatch: 'No provider matches “{query}”.',
  clearSearch: 'Clear search',
  showMore: 'Show {count} more',
  noProviders: 'There are no providers to connect right now.',

  inMobileApp: 'In the mobile app',
  unsupportedTitle: 'Connect {provider} from the mobile app',
  unsupportedText: {
    app: 'Open {app} on your phone to connect {provider}.',
    none: 'Open the mobile app on your phone to connect {provider}.',
  },

  credentialsTitle: 'Sign in to {provider}',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',

  mfaTitle: 'Enter the verification code',
  mfaSent: {
    sms: { hint: 'We sent {code} by text message to {hint}.', none: 'We sent {code} by text message.' },
    email: { hint: 'We sent {code} by email to {hint}.', none: 'We sent {code} by email.' },
    other: { hint: 'We sent {code} to {hint}.', none: 'Enter the code the provider sent you.' },
  },
  mfaCode: { first: 'a code', again: 'another code' },
  verificationCode: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying…',

  emailTitle: 'Connect {provider}',
  emailIntro: 'We will email you an invitation to connect {provider}.',
  email: 'Email',
  sendInvite: 'Send invitation',
  sending: 'Sending…',

  consentTitle: 'Connect {provider}',
  consentIntro: { app: '{app} will receive:', none: 'This app will receive:' },
  consentMore: 'and {count} more',
  consentContinue: 'Continue to {provider}',
  kinds: {
    sleep: 'Sleep',
    activity: 'Activity',
    heartrate: 'Heart rate',
    hrv: 'Heart rate variability',
    workouts: 'Workouts',
    steps: 'Steps',
    calories_active: 'Active calories',
    body: 'Body measurements',
    weight: 'Weight',
    fat: 'Body fat',
    glucose: 'Glucose',
    blood_pressure: 'Blood pressure',
    body_temperature: 'Body temperature',
    respiratory_rate: 'Breathing rate',
    menstrual_cycle: 'Menstrual cycle',
    meal: 'Meals',
    profile: 'Profile',
  },

  region: 'Region',
  regionPlaceholder: 'Choose a region',

  oauthOpening: 'Opening {provider}…',
  oauthWaitingTitle: 'Continue with {provider}',
  oauthWaitingText: 'Sign in to {provider} in the window that opened. This page updates by itself when you are done.',
  oauthBlockedText: 'Open the {provider} sign-in window with the button below. If nothing opens, allow pop-ups for this site.',
  oauthOpenWindow: 'Open {provider} sign-in',
  oauthShowWindow: 'Show the sign-in window',
  oauthFailedTitle: 'Not connected',
  oauthLostTitle: 'Didn’t finish?',
  oauthLostText:
    'The {provider} sign-in window closed or went out of view. If you finished there, this page updates by itself; if not, try again.',
  cancel: 'Cancel',

  successTitle: 'Connected',
  successText: '{provider} is now connected.',
  emailSentTitle: 'Check your email',
  emailSentText: 'We sent you an invitation to connect {provider}. Follow the link in it to finish.',

  closedTitle: 'Closed',
  closedText: 'You left before connecting a provider.',
  closedDoneText: 'You can close this window now.',
  startAgain: 'Start again',

  errorTitle: 'Something went wrong',
  tokenErrorTitle: 'This link cannot be used',
  unavailableTitle: 'Temporarily unavailable',
  chooseAnother: 'Choose another provider',

  errors: {
    invalid_token: 'This link is not valid. Go back to the app and start again to get a new one.',
    token_expired: 'This link has expired. Go back to the app and start again to get a new one.',
    token_consumed: 'This link has already been used. Go back to the app and start again to get a new one.',
    token_not_validated: 'This link could not be verified. Go back to the app and start again to get a new one.',
    provider_credential_error: 'The provider did not accept that username or password. Check them and try again.',
    provider_password_expired: 'Your password at the provider has expired. Reset it on the provider’s site, then try again.',
    provider_api_error: 'The provider is not answering right now. Try again in a moment.',
    unsupported_region: 'This account is not available in this region. Choose the region of your account.',
    duplicate_connection: 'This provider account is already connected to another user.',
    required_scopes_not_granted: 'All the requested permissions are needed to connect. Try again and allow them all.',
    incorrect_mfa_code: 'That code was not right. Check it and enter it again.',
    session_expired: 'Your session expired. Sign in again to continue.',
    user_cancelled: 'The sign-in was cancelled, or its window closed, before it finished. You can try again.',
    unsafe_oauth_url: 'The provider’s sign-in page address is not safe to open, so it was not opened. Choose another provider.',
    provider_unavailable: 'The service has switched this provider off for now. Try again later, or choose another provider.',
    missing_username: 'Enter your username.',
    missing_password: 'Enter your password.',
    missing_code: 'Enter the code you received.',
    missing_region: 'Choose the region of your account.',
    invalid_email: 'Enter a valid email address, like name@example.com.',
    generic: 'We could not finish this step. Try again in a moment.',
    token_request_failed: 'The app could not start the connection. Try again.',
    disconnect_failed: 'We could not disconnect this provider. Try again.',
    network: 'We could not reach the service. Check your connection and try again.',
    timeout: 'The service took too long to answer. Try again.',
  },
} as const satisfies Catalogue;

/** English as written: every language has its messages, with the same placeholders. */
export const englishCatalogue: Catalogue = catalogue satisfies Checked<typeof catalogue>;

/** English, built in: what a widget says until its own language arrives, or when it cannot. */
export const en: Messages = compile(englishCatalogue);
