/**
 * Protocol values of the login call, kept free of zod so the web app's sign-in screen can
 * import them without the schema library.
 */
/**
 * Login call answers (docs/API.md, Conventions, Errors: "Login answers"). Untranslated protocol
 * values.
 */
export const LOGIN_STATUS = {
  twoFactorRequired: '2fa verification required',
  emailCodeSent: 'Email with authentication code sent.',
} as const;

export const LOGIN_ERROR = {
  codeInvalid: 'Authentication code not valid or incorrect.',
  notActivated: 'user not activated',
  invalidCredentials: 'Invalid credentials.',
  accountDisabled: 'account disabled',
} as const;
