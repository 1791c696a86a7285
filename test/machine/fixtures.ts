import type { Provider } from '../../src/api/types.js';

const provider = (slug: string, authType: string): Provider => ({
  id: null,
  slug,
  name: slug.toUpperCase(),
  description: '',
  logo: null,
  authType,
  formComponents: {},
});

export const PROVIDERS: Provider[] = [
  provider('band', 'oauth'),
  provider('clinic', 'team_oauth'),
  provider('meter', 'password'),
  provider('invite', 'email'),
  provider('phone', 'sdk'),
  provider('ring', 'app'),
  provider('mystery', 'telepathy'),
];
