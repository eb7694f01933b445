import { loadNamespaces, type Namespace } from '../i18n';
import { lazyPage } from '../ui/lazy-page';
import { SCREEN_TEXTS } from './screen-texts';

/** A page chunk together with the text namespaces it shows, fetched in parallel. */
function withTexts<M>(names: Namespace[], importer: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([importer(), loadNamespaces(...names)]).then(([module]) => module);
}

/** Every page is its own chunk (React.lazy), so the first screen loads only what it shows. */
export const pages = {
  AppLayout: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
  AuthLayout: lazyPage(() => import('./layout/auth-layout'), 'AuthLayout'),
  // The memo cards' engagement texts load with the card chunk (memo-list.tsx): an empty
  // home does not fetch them.
  Home: lazyPage(
    withTexts(SCREEN_TEXTS.home, () => import('../features/home/home-page')),
    'HomePage',
  ),
  Memo: lazyPage(
    withTexts(SCREEN_TEXTS.memo, () => import('../features/memos/memo-page')),
    'MemoPage',
  ),
  PublicMemo: lazyPage(
    withTexts(SCREEN_TEXTS.memo, () => import('../features/memos/memo-page')),
    'PublicMemoPage',
  ),
  NotFound: lazyPage(() => import('../ui/not-found-page'), 'NotFoundPage'),
  Login: lazyPage(() => import('../features/auth/login-page'), 'LoginPage'),
  Signup: lazyPage(() => import('../features/auth/signup-page'), 'SignupPage'),
  Pim: lazyPage(() => import('../features/auth/pim-page'), 'PimPage'),
  Verification: lazyPage(() => import('../features/auth/verification-page'), 'VerificationPage'),
  ForgotPassword: lazyPage(
    () => import('../features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  ResetPassword: lazyPage(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
  ),
  AccountSettings: lazyPage(
    withTexts(
      ['accountData', 'subscriptions'],
      () => import('../features/account/account-settings-page'),
    ),
    'AccountSettingsPage',
  ),
  VerifyName: lazyPage(
    withTexts(['accountData'], () => import('../features/account/verify-name-section')),
    'VerifyNameSection',
  ),
  ConfirmEmail: lazyPage(
    withTexts(['accountData'], () => import('../features/account/confirm-email-page')),
    'ConfirmEmailPage',
  ),
  PrivacyPolicy: lazyPage(
    withTexts(['accountData'], () => import('../features/account/privacy-policy-page')),
    'PrivacyPolicyPage',
  ),
  PublicSettings: lazyPage(
    withTexts(
      ['publicProfile', 'media'],
      () => import('../features/public-profile/public-settings-page'),
    ),
    'PublicSettingsPage',
  ),
  Collections: lazyPage(
    withTexts(SCREEN_TEXTS.collections, () => import('../features/collections/collections-page')),
    'CollectionsPage',
  ),
  Collection: lazyPage(
    withTexts(SCREEN_TEXTS.collection, () => import('../features/collections/collection-page')),
    'CollectionPage',
  ),
  CollectionDocuments: lazyPage(
    withTexts(
      SCREEN_TEXTS.collections,
      () => import('../features/collections/collection-documents-page'),
    ),
    'CollectionDocumentsPage',
  ),
  PublicCollection: lazyPage(
    withTexts(SCREEN_TEXTS.collection, () => import('../features/collections/collection-page')),
    'PublicCollectionPage',
  ),
  Connections: lazyPage(
    withTexts(['connections'], () => import('../features/connections/connections-page')),
    'ConnectionsPage',
  ),
  AcceptConnection: lazyPage(
    withTexts(['connections'], () => import('../features/connections/accept-page')),
    'AcceptConnectionPage',
  ),
  PublicAcceptConnection: lazyPage(
    withTexts(['connections'], () => import('../features/connections/accept-page')),
    'PublicAcceptConnectionPage',
  ),
  Profile: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/profile-page')),
    'ProfilePage',
  ),
  ProfileCollections: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/profile-sections')),
    'ProfileCollections',
  ),
  ProfileShared: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/profile-sections')),
    'ProfileShared',
  ),
  ProfileMembers: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/profile-sections')),
    'ProfileMembers',
  ),
  ProfileDocuments: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/profile-sections')),
    'ProfileDocuments',
  ),
  PublicProfile: lazyPage(
    withTexts(SCREEN_TEXTS.people, () => import('../features/profile/public-profile-page')),
    'PublicProfilePage',
  ),
  Feed: lazyPage(
    withTexts(SCREEN_TEXTS.lists, () => import('../features/feed/feed-page')),
    'FeedPage',
  ),
  Discover: lazyPage(
    withTexts(SCREEN_TEXTS.lists, () => import('../features/discover/discover-page')),
    'DiscoverPage',
  ),
  Transfer: lazyPage(
    withTexts(['transfer'], () => import('../features/transfer/send-page')),
    'TransferPage',
  ),
  TransferDownload: lazyPage(
    withTexts(['transfer'], () => import('../features/transfer/download-page')),
    'TransferDownloadPage',
  ),
  Meet: lazyPage(
    withTexts(['calls'], () => import('../features/calls/meet-page')),
    'MeetPage',
  ),
  JoinCall: lazyPage(
    withTexts(['calls'], () => import('../features/calls/joincall-page')),
    'JoinCallPage',
  ),
  Messenger: lazyPage(
    withTexts(
      ['messenger', 'media', 'connections'],
      () => import('../features/messenger/messenger-page'),
    ),
    'MessengerPage',
  ),
  Workspaces: lazyPage(
    withTexts(['workspaces'], () => import('../features/workspaces/workspaces-page')),
    'WorkspacesPage',
  ),
  Workspace: lazyPage(
    withTexts(['workspaces', 'connections'], () => import('../features/workspaces/workspace-page')),
    'WorkspacePage',
  ),
  Subscriptions: lazyPage(
    withTexts(['subscriptions'], () => import('../features/subscriptions/subscription-modal')),
    'SubscriptionsRoute',
  ),
  SubscriptionProcess: lazyPage(
    withTexts(['subscriptions'], () => import('../features/subscriptions/popup-pages')),
    'SubscriptionProcessPage',
  ),
  SubscriptionResult: lazyPage(
    withTexts(['subscriptions'], () => import('../features/subscriptions/popup-pages')),
    'SubscriptionResultPage',
  ),
  NotificationSettings: lazyPage(
    withTexts(
      ['notifications', 'push'],
      () => import('../features/notifications/notification-settings-page'),
    ),
    'NotificationSettingsPage',
  ),
};
