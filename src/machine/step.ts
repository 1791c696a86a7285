import type { Step } from './link-machine.js';

/**
 * The screen a state belongs to, from its dotted path (`password.signingIn` is still the
 * credentials screen). Views and the element use it; the machine names its own steps.
 */
export function stepOf(path: string): Step {
  const [top, child] = path.split('.');
  switch (top) {
    case 'providers':
    case 'oauth':
    case 'email':
    case 'unsupported':
    case 'success':
      return top;
    case 'password':
      return child === 'mfa' || child === 'verifying' ? 'mfa' : 'credentials';
    case 'loadFailed':
    case 'failed':
    case 'fatal':
      return 'error';
    default:
      return 'loading';
  }
}

/** The innermost active state as a dotted path: `{password: 'mfa'}` → `password.mfa`. */
export function statePath(value: string | { [key: string]: unknown }): string {
  if (typeof value === 'string') return value;
  const [key] = Object.keys(value);
  if (key === undefined) return '';
  const child = value[key];
  return child && (typeof child === 'string' || typeof child === 'object') ? `${key}.${statePath(child as string)}` : key;
}
