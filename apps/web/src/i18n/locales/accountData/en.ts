/**
 * English texts of the account's self-service sections, the e-mail confirmation page, the
 * privacy policy page and the help links (docs/SCREENS.md, Account settings).
 */
export const accountData = {
  email: {
    title: 'Email address',
    current: 'You sign in with {{usermail}}.',
    help: 'We send a link to the new address. Your address changes only when you open it.',
    new: 'New email address',
    password: 'Your password',
    submit: 'Send the confirmation link',
  },
  confirm: {
    title: 'Confirm your new email address',
    text: 'Confirm to sign in with the new address from now on.',
    submit: 'Confirm the new address',
    missingToken: 'This link is incomplete. Open the link from the email again.',
    toSettings: 'Go to the account settings',
    toLogin: 'Sign in',
  },
  sessions: {
    title: 'Sessions and devices',
    intro: 'Where your account is signed in. Sign out a device you do not recognise.',
    thisDevice: 'This device',
    unknown: 'Unknown device',
    device: '{{browser}} on {{system}}',
    delegated: 'Acting for another account',
    lastUsed: 'Last used {{date}}',
    address: 'Address {{ip}}',
    signOut: 'Sign out',
    signOutLabel: 'Sign out {{device}}',
    signOutOthers: 'Sign out everywhere else',
    signedOut: 'The session was signed out.',
    othersSignedOut: 'You were signed out everywhere else.',
    noOthers: 'You are signed in on this device only.',
  },
  export: {
    title: 'Download your data',
    intro:
      'Get a zip file with your memos, collections, comments and files. We email you when it is ready.',
    request: 'Prepare my data',
    preparing: 'Your data is being prepared. You can leave this page; we will email you.',
    ready: 'Ready. You can download it until {{date}}.',
    download: 'Download the zip ({{size}})',
    failed: 'Preparing your data failed. Please try again.',
    again: 'Prepare a new copy',
  },
  verify: {
    title: 'Verify your name',
    intro:
      'Prove your name with {{name}}. Your connections then see your official name with a checkmark, and you can sign in with {{name}}.',
    start: 'Verify my name with {{name}}',
    again: 'Verify again',
    waiting: 'Waiting for {{name}} to confirm your name…',
    timeout: 'The identity service has not confirmed your name yet.',
    waitAgain: 'Keep waiting',
    done: 'Your name is verified: {{name}}',
    failed: 'Your name could not be verified. Please try again.',
    link: 'Verify your name',
  },
  delete: {
    title: 'Delete account',
    intro:
      'Your account is disabled at once and deleted with everything it holds after a grace period. Signing in during that period cancels the deletion.',
    reason: 'Why are you leaving?',
    reasonRequired: 'Please give a reason',
    password: 'Your password',
    submit: 'Delete my account',
    confirmTitle: 'Delete your account?',
    confirmText: 'You will be signed out everywhere now.',
    confirm: 'Delete',
  },
  privacy: {
    title: 'Privacy policy',
    shipped:
      'This is the default policy of the Memoria software; this service has not set its own.',
  },
  help: {
    title: 'Help',
    'questions-and-answers': 'Questions and answers',
    privacy: 'Privacy',
    'about-us': 'About us',
    'service-conditions': 'Terms of service',
    contact: 'Contact',
  },
} as const;
