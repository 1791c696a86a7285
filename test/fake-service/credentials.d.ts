// Types for the tests, which are TypeScript; the values live in credentials.js only.
export declare const DEMO_API_KEY: string;
export declare const DEMO_PASSWORD: string;
export declare const DEMO_MFA_CODE: string;
export declare const EXPIRED_PASSWORD: string;
export declare const PROVIDER_DOWN_PASSWORD: string;
export declare const TAKEN_USERNAME: string;
export declare const UNKNOWN_ERROR_PASSWORD: string;
