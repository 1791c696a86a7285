import type { Messages } from './messages.js';

const methodName = (method: string) => (method === 'sms' ? 'by text message' : method === 'email' ? 'by email' : '');

export const en: Messages = {
  lang: 'en',
  dir: 'ltr',

  close: 'Close',
  back: 'Back',
  tryAgain: 'Try again',
  done: 'Done',
  connectAnother: 'Connect another',
  linkedMark: 'Connected',
  details: 'Technical details',

  loadingTitle: 'Loading',
  loadingText: 'Checking your link and loading providers…',

  providersTitle: 'Connect a data source',
  providersIntro: 'Choose the device or app you want to connect.',
  searchLabel: 'Search providers',
  searchResults: (count) => (count === 1 ? '1 provider' : `${count} providers`),
  noProvidersMatch: (query) => `No provider matches “${query}”.`,
  clearSearch: 'Clear search',
  showMore: (count) => `Show ${count} more`,
  noProviders: 'There are no providers to connect right now.',

  inMobileApp: 'In the mobile app',
  unsupportedTitle: (provider) => `Connect ${provider} from the mobile app`,
  unsupportedText: (provider, app) => `Open ${app || 'the mobile app'} on your phone to connect ${provider}.`,

  credentialsTitle: (provider) => `Sign in to ${provider}`,
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',

  mfaTitle: 'Enter the verification code',
  mfaSent: (method, hint, round) => {
    const how = methodName(method);
    const code = round > 1 ? 'another code' : 'a code';
    if (hint && how) return `We sent ${code} ${how} to ${hint}.`;
    if (hint) return `We sent ${code} to ${hint}.`;
    return how ? `We sent ${code} ${how}.` : `Enter the code the provider sent you.`;
  },
  verificationCode: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying…',

  emailTitle: (provider) => `Connect ${provider}`,
  emailIntro: (provider) => `We will email you an invitation to connect ${provider}.`,
  email: 'Email',
  sendInvite: 'Send invitation',
  sending: 'Sending…',

  consentTitle: (provider) => `Connect ${provider}`,
  consentIntro: (app) => (app ? `${app} will receive:` : 'This app will receive:'),
  consentMore: (count) => `and ${count} more`,
  consentContinue: (provider) => `Continue to ${provider}`,
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

  oauthOpening: (provider) => `Opening ${provider}…`,
  oauthWaitingTitle: (provider) => `Continue with ${provider}`,
  oauthWaitingText: (provider) => `Sign in to ${provider} in the window that opened. This page updates by itself when you are done.`,
  oauthBlockedText: (provider) => `Open the ${provider} sign-in window with the button below. If nothing opens, allow pop-ups for this site.`,
  oauthOpenWindow: (provider) => `Open ${provider} sign-in`,
  oauthShowWindow: 'Show the sign-in window',
  oauthFailedTitle: 'Not connected',
  oauthLostTitle: 'Didn’t finish?',
  oauthLostText: (provider) =>
    `The ${provider} sign-in window closed or went out of view. If you finished there, this page updates by itself; if not, try again.`,
  cancel: 'Cancel',

  successTitle: 'Connected',
  successText: (provider) => `${provider} is now connected.`,
  emailSentTitle: 'Check your email',
  emailSentText: (provider) => `We sent you an invitation to connect ${provider}. Follow the link in it to finish.`,

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
    network: 'We could not reach the service. Check your connection and try again.',
    timeout: 'The service took too long to answer. Try again.',
  },
};
