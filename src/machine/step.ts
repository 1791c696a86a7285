import type { Step } from './link-machine.js';

/**
 * The screen for a state value: `{password: 'signingIn'}` is still the credentials screen.
 * Views and the element use it; the machine names its steps itself where it emits them.
 */
export function stepOf(value: string | Record<string, unknown>): Step {
  const [top, child] = typeof value === 'string' ? [value, ''] : flatten(value);
  switch (top) {
    case 'providers':
      return 'providers';
    case 'oauth':
      return 'oauth';
    case 'password':
      return child === 'mfa' || child === 'verifying' ? 'mfa' : 'credentials';
    case 'email':
      return 'email';
    case 'unsupported':
      return 'unsupported';
    case 'success':
      return 'success';
    case 'loadFailed':
    case 'failed':
    case 'fatal':
      return 'error';
    default:
      return 'loading';
  }
}

function flatten(value: Record<string, unknown>): [string, string] {
  const [top = ''] = Object.keys(value);
  const child = value[top];
  return [top, typeof child === 'string' ? child : ''];
}
