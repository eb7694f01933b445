/**
 * English interface texts of the app shell (the core every screen needs): the reference shape
 * every other core locale file must match. Feature texts live in namespace files
 * (`./<namespace>/<lang>.ts`) that load with the screens using them (i18n/index.ts).
 */
import type { collections } from './collections/en';
import type { connections } from './connections/en';
import type { media } from './media/en';
import type { memos } from './memos/en';
import type { profile } from './profile/en';
import type { reports } from './reports/en';
import type { engagement } from './engagement/en';
import type { notifications } from './notifications/en';
import type { feed } from './feed/en';
import type { push } from './push/en';
import type { accountData } from './accountData/en';
import type { publicProfile } from './publicProfile/en';
import type { messenger } from './messenger/en';
import type { workspaces } from './workspaces/en';
import type { transfer } from './transfer/en';
import type { calls } from './calls/en';
import type { subscriptions } from './subscriptions/en';

export const en = {
  app: {
    name: 'Memoria',
    loading: 'Loading…',
    skipToContent: 'Skip to content',
  },
  common: {
    save: 'Save',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    // Mantine's own labels (the password field's eye, the textarea's hidden twin)
    togglePassword: 'Show or hide the password',
    autosizeMeasurement: 'Measuring field for the text size',
    back: 'Back',
    continue: 'Continue',
    copy: 'Copy',
    copied: 'Copied',
    download: 'Download',
    saved: 'Saved',
    retry: 'Try again',
    optional: 'optional',
    password: 'Password',
    email: 'Email address',
  },
  nav: {
    // the bell's label (the notifications namespace loads with the list)
    notifications_one: 'Notifications, {{count}} unread',
    notifications_other: 'Notifications, {{count}} unread',
    notifications_few: 'Notifications, {{count}} unread',
    notifications_many: 'Notifications, {{count}} unread',
    memos: 'Memos',
    collections: 'Collections',
    workspaces: 'Workspaces',
    discover: 'Discover',
    feed: 'Feed',
    fileTransfer: 'File transfer',
    createGroup: 'Create a group',
    createWorkspace: 'Create a workspace',
    messages: 'Messages',
    messagesUnread_one: 'Messages, {{count}} unread',
    messagesUnread_few: 'Messages, {{count}} unread',
    messagesUnread_many: 'Messages, {{count}} unread',
    messagesUnread_other: 'Messages, {{count}} unread',
    accountSettings: 'Account settings',
    help: 'Help',
    privacyPolicy: 'Privacy policy',
    lock: 'Lock with PIN',
    logout: 'Log out',
    openMenu: 'Open navigation',
    closeMenu: 'Close navigation',
    mainNavigation: 'Main navigation',
    bottomNavigation: 'Quick navigation',
    accountMenu: 'Account menu',
    myProfile: 'My profile',
    connections: 'Connections',
    favourites: 'Favourites',
  },
  theme: {
    toggle: 'Toggle colour theme',
    dark: 'Dark theme',
    light: 'Light theme',
  },
  language: {
    label: 'Language',
  },
  welcome: {
    title: 'Welcome to Memoria',
    text: 'Keep your memos in collections, share them with the people you choose and discover what others share.',
    login: 'Log in',
    signup: 'Sign up',
    fileTransfer: 'Send files with file transfer',
  },
  staging: {
    title: 'Test environment',
    text: 'This is a test environment. Accounts and data here may be removed at any time. Do you want to continue?',
    confirm: 'I understand, continue',
  },
  auth: {
    login: {
      title: 'Log in',
      usermail: 'Email address',
      password: 'Password',
      submit: 'Log in',
      forgot: 'Forgot your password?',
      noAccount: 'No account yet?',
      signup: 'Sign up',
      pim: 'Log in with an identity service',
      pimWith: 'Log in with {{name}}',
    },
    code: {
      title: 'Two-step verification',
      emailSent: 'We emailed you a sign-in code. Enter it below.',
      totp: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
      label: 'Authentication code',
      submit: 'Verify',
      backToLogin: 'Back to log in',
    },
    activation: {
      title: 'Activate your account',
      text: 'Your account is not activated yet. Enter the 6-digit code we emailed to {{usermail}}.',
      label: 'Activation code',
      submit: 'Activate',
      resend: 'Send a new code',
      resent: 'We sent a new code.',
      activated: 'Your account is activated. Welcome!',
      activatedLogin: 'Your account is activated. You can log in now.',
    },
    signup: {
      title: 'Create your account',
      name: 'Name',
      usermail: 'Email address',
      password: 'Password',
      language: 'Language',
      country: 'Country',
      countryPlaceholder: 'Choose your country',
      submit: 'Sign up',
      haveAccount: 'Already have an account?',
      login: 'Log in',
    },
    verification: {
      title: 'Check your email',
      text: 'We sent a 6-digit code to your email address. Enter it to activate your account.',
      label: 'Verification code',
      submit: 'Activate account',
      resend: 'Send a new code',
      resent: 'We sent a new code.',
      noSession: 'Log in to activate your account.',
    },
    forgot: {
      title: 'Forgot your password?',
      text: 'Enter your email address and we will send you a link to choose a new password.',
      usermail: 'Email address',
      submit: 'Send link',
      sent: 'If an account exists for this address, we sent a link to reset the password.',
      backToLogin: 'Back to log in',
    },
    reset: {
      title: 'Choose a new password',
      password: 'New password',
      repeat: 'Repeat the new password',
      submit: 'Save password',
      done: 'Your password has been changed. You can log in now.',
      missingToken: 'This reset link is incomplete. Request a new one.',
      requestNew: 'Request a new link',
    },
    pim: {
      title: 'Log in with an identity service',
      service: 'the identity service',
      intro:
        'You go to {{name}} to prove who you are, then come back here signed in. Your account must have verified its name with {{name}} before.',
      waiting: 'Waiting for {{name}} to confirm who you are…',
      timeout: 'Signing in took more than 2 minutes and was stopped.',
      retry: 'Try again',
    },
    checklist: {
      title: 'A strong password has',
      length: 'At least 8 characters',
      classes: 'At least 3 of these:',
      lower: 'a lowercase letter',
      upper: 'an uppercase letter',
      digit: 'a digit',
      special: 'one of !@#$%^&*',
    },
  },
  validation: {
    required: '{{field}} is required',
    email: 'You must input a valid email address',
    passwordWeak: 'Choose a stronger password',
    passwordsDiffer: 'Passwords are not the same',
    code: 'Enter the 6-digit code',
    colour: 'Invalid colour code',
    pin: 'The PIN must be 4 to 8 digits',
    pinsDiffer: 'The two PINs are different',
    phone: 'The phone number must match +XXXXXXXXXX (with country code).',
  },
  account: {
    title: 'Account settings',
    memberSince: 'Member since {{date}}',
    profile: {
      title: 'Profile',
      name: 'Name',
      language: 'Language',
      country: 'Country',
      colour: 'Custom colour',
      colourHint: 'Six hex digits, for example #1c7ed6. It becomes the main colour of the app.',
      resetColour: 'Use the default colour',
      saved: 'Your profile has been saved.',
      nameNeeded: 'Please enter your name to continue.',
      function: 'Job title',
      organisation: 'Organisation',
      location: 'City',
      description: 'About you',
      descriptionHint: 'Shown on your profile to the people who may see it.',
      phone: 'Phone',
      phoneHint: 'With the country code, for example +32470123456.',
    },
    password: {
      title: 'Change password',
      current: 'Current password',
      new: 'New password',
      repeat: 'Repeat the new password',
      submit: 'Change password',
      done: 'Your password has been changed.',
    },
    twofa: {
      title: 'Two-step verification',
      off: 'Two-step verification is off. Add a second step to protect your account.',
      on: 'Two-step verification is on ({{method}}).',
      methodTotp: 'authenticator app',
      methodEmail: 'email code',
      useTotp: 'Use an authenticator app',
      useEmail: 'Use a code by email',
      scan: 'Scan this QR code with your authenticator app, or enter the secret key by hand.',
      qrAlt: 'QR code for your authenticator app',
      secret: 'Secret key',
      emailSent: 'We emailed you a code. Enter it to turn on two-step verification.',
      code: 'Verification code',
      confirm: 'Turn on',
      backupTitle: 'Backup codes',
      backupText:
        'Keep these codes somewhere safe. Each code signs you in once if you cannot get a code.',
      copyCodes: 'Copy codes',
      downloadCodes: 'Download codes',
      regenerate: 'Get new backup codes',
      regenerateHint: 'New codes replace your previous backup codes, which then stop working.',
      disable: 'Turn off',
      disableTitle: 'Turn off two-step verification',
      disableText: 'Confirm with your password.',
      disabled: 'Two-step verification is off.',
      enabled: 'Two-step verification is on.',
    },
    pin: {
      title: 'PIN code',
      none: 'Set a PIN to lock the app when you step away.',
      exists: 'You have a PIN. Use "Lock with PIN" in the menu to lock the app.',
      current: 'Current PIN',
      new: 'New PIN',
      repeat: 'Repeat the PIN',
      set: 'Set PIN',
      change: 'Change PIN',
      saved: 'Your PIN has been saved.',
      reset: 'Remove PIN',
      resetTitle: 'Remove your PIN',
      resetText: 'Confirm with your password to remove your PIN.',
      removed: 'Your PIN has been removed.',
      lockNow: 'Lock now',
    },
  },
  lock: {
    title: 'Memoria is locked',
    text: 'Enter your PIN to continue.',
    label: 'PIN',
    submit: 'Unlock',
    wrong: 'Wrong PIN',
    forgot: 'Forgot your PIN?',
    forgotTitle: 'Forgot your PIN?',
    forgotText: 'Confirm your password. Your PIN will be removed and the app unlocked.',
    removed: 'Your PIN has been removed.',
  },
  home: {
    title: 'Your memos',
    emptyTitle: 'No memos yet',
    emptyText: 'Memos you write will appear here. Collections help you keep them in order.',
    greeting: 'Hello, {{name}}',
  },
  subscriptionRequired: {
    title: 'Subscription required',
    plan: '{{product}}: € {{price}} a year',
    link: 'See {{product}}',
    allPlans: 'See the plans',
    gates: {
      collaboration: 'Letting contacts add to your collections needs a subscription.',
      followers: 'Sharing with your followers needs a subscription.',
      versioning: 'Keeping earlier versions of documents needs a subscription.',
      scheduling: 'Scheduling a memo for later needs the professional plan.',
      publicCollections: 'More than 3 public collections need the professional plan.',
      extendedProfile:
        'The accent colour, the banner and the call-to-action button are part of the extended public profile: they need a subscription.',
    },
  },
  errors: {
    server: 'Connection issue',
    serverFailed: 'Something went wrong on our side. Please try again.',
    quota: 'You have exceeded your storage quota.',
    unknown: 'Something went wrong.',
    chunk: 'A part of the app could not be loaded. Check your connection and reload the page.',
    reload: 'Reload the page',
    page: {
      forbiddenTitle: 'You are unable to access this information',
      notFoundTitle: 'Not found',
      notFound: "That page doesn't exist",
      notFoundCollection: 'This collection does not exist or was removed.',
      notFoundUser: 'This user does not exist.',
      notFoundMemo: 'This memo does not exist or was removed.',
      serverTitle: 'Server error',
      server: 'The server could not answer. Please try again in a moment.',
      unauthorized: 'Please log in to see this page.',
      invalidPublicLink: 'This public link is invalid or has expired.',
      home: 'Go to the start page',
      login: 'Log in',
      signup: 'Sign up',
      privacy: 'Privacy',
      help: 'Help',
    },
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The feature namespaces, each loaded on demand (English is the reference). */
interface EnglishNamespaces {
  collections: typeof collections;
  memos: typeof memos;
  connections: typeof connections;
  profile: typeof profile;
  reports: typeof reports;
  media: typeof media;
  engagement: typeof engagement;
  notifications: typeof notifications;
  feed: typeof feed;
  push: typeof push;
  accountData: typeof accountData;
  publicProfile: typeof publicProfile;
  messenger: typeof messenger;
  workspaces: typeof workspaces;
  transfer: typeof transfer;
  calls: typeof calls;
  subscriptions: typeof subscriptions;
}

/** Every core locale file is typed with this, so a missing key fails `tsc`. */
export type CoreShape = Shape<typeof en>;
export type NamespacesShape = Shape<EnglishNamespaces>;
export type Namespace = keyof EnglishNamespaces;
/** All texts of one language: the core plus every namespace (what `t()` keys are typed on). */
export type LocaleShape = CoreShape & NamespacesShape;
