// What the fake service accepts at sign-in, and the inputs that make it fail in one particular
// way: its code (fake-service.mjs) and the tests (test/helpers.ts) read them here. Public on
// purpose: the demo pages show them to anyone trying the widget.

/** The partner backend's key for minting link tokens on the fake; a real key never reaches a browser. */
export const DEMO_API_KEY = 'demo-api-key';
/** The password every fake password provider accepts, with any username. */
export const DEMO_PASSWORD = 'demo-password';
/** The verification code the fake accepts in every MFA round. */
export const DEMO_MFA_CODE = '123456';
/** A sign-in with this password fails with provider_password_expired. */
export const EXPIRED_PASSWORD = 'expired-password';
/** A sign-in with this password fails with provider_api_error, as if the provider were down. */
export const PROVIDER_DOWN_PASSWORD = 'provider-down';
/** A sign-in with this username fails with duplicate_connection. */
export const TAKEN_USERNAME = 'taken';
/** The hostile scenario's Oddstate answers this password with an error type no one knows. */
export const UNKNOWN_ERROR_PASSWORD = 'solar-flare';
