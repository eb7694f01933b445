import { lazyPage } from './lazy-page';

/** Every page is its own chunk (React.lazy), so the first screen loads only what it shows. */
export const pages = {
  AppLayout: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
  AuthLayout: lazyPage(() => import('./layout/auth-layout'), 'AuthLayout'),
  Home: lazyPage(() => import('../features/home/home-page'), 'HomePage'),
  Memo: lazyPage(() => import('../features/memos/memo-page'), 'MemoPage'),
  PublicMemo: lazyPage(() => import('../features/memos/memo-page'), 'PublicMemoPage'),
  ComingSoon: lazyPage(() => import('../ui/coming-soon-page'), 'ComingSoonPage'),
  NotFound: lazyPage(() => import('../ui/not-found-page'), 'NotFoundPage'),
  Login: lazyPage(() => import('../features/auth/login-page'), 'LoginPage'),
  Signup: lazyPage(() => import('../features/auth/signup-page'), 'SignupPage'),
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
    () => import('../features/account/account-settings-page'),
    'AccountSettingsPage',
  ),
  Collections: lazyPage(
    () => import('../features/collections/collections-page'),
    'CollectionsPage',
  ),
  Collection: lazyPage(
    () => import('../features/collections/collection-page'),
    'CollectionPage',
  ),
  CollectionDocuments: lazyPage(
    () => import('../features/collections/collection-documents-page'),
    'CollectionDocumentsPage',
  ),
  PublicCollection: lazyPage(
    () => import('../features/collections/collection-page'),
    'PublicCollectionPage',
  ),
  Connections: lazyPage(
    () => import('../features/connections/connections-page'),
    'ConnectionsPage',
  ),
  AcceptConnection: lazyPage(
    () => import('../features/connections/accept-page'),
    'AcceptConnectionPage',
  ),
  PublicAcceptConnection: lazyPage(
    () => import('../features/connections/accept-page'),
    'PublicAcceptConnectionPage',
  ),
  Profile: lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage'),
  ProfileCollections: lazyPage(
    () => import('../features/profile/profile-sections'),
    'ProfileCollections',
  ),
  ProfileShared: lazyPage(() => import('../features/profile/profile-sections'), 'ProfileShared'),
  ProfileMembers: lazyPage(() => import('../features/profile/profile-sections'), 'ProfileMembers'),
  ProfileDocuments: lazyPage(
    () => import('../features/profile/profile-sections'),
    'ProfileDocuments',
  ),
  PublicProfile: lazyPage(
    () => import('../features/profile/public-profile-page'),
    'PublicProfilePage',
  ),
};
