import { Navigate, Outlet, type RouteObject } from 'react-router';
import { loadNamespaces } from '../i18n';
import { lazyPage } from '../ui/lazy-page';
import { pages } from './pages';
import { RouteBoundary } from './route-boundary';
import { RouteGuard, type RouteHandle } from './route-guard';

const login: RouteHandle = { access: 'login' };
const pub: RouteHandle = { access: 'public' };
const loggedOut: RouteHandle = { access: 'loggedOut' };

const Gallery = lazyPage(
  () =>
    Promise.all([import('../features/media/gallery-page'), loadNamespaces('media', 'memos')]).then(
      ([module]) => module,
    ),
  'GalleryPage',
);

/**
 * The route table of docs/SCREENS.md, Routes, rendered with useRoutes under a
 * BrowserRouter (the data router would add 16 kB gzip to the first screen). Route `handle`s
 * are read by the guard through matchRoutes; RouteBoundary plays the part of errorElement.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteBoundary>
        <RouteGuard />
      </RouteBoundary>
    ),
    children: [
      {
        element: <pages.AuthLayout />,
        handle: loggedOut,
        children: [
          {
            // Errors render inside the layout, so the welcome panel stays.
            element: (
              <RouteBoundary>
                <Outlet />
              </RouteBoundary>
            ),
            children: [
              { path: 'auth', element: <pages.Login /> },
              {
                path: 'auth/signup',
                children: [
                  { index: true, element: <pages.Signup /> },
                  { path: 'verification', element: <pages.Verification /> },
                ],
              },
              { path: 'auth/reset', element: <pages.ResetPassword /> },
              { path: 'auth/pim', element: <pages.Pim /> },
              { path: 'auth/forgot-password', element: <pages.ForgotPassword /> },
            ],
          },
        ],
      },
      // the payment window's own pages: no menus in a 500x500 window
      {
        element: (
          <RouteBoundary>
            <Outlet />
          </RouteBoundary>
        ),
        handle: pub,
        children: [
          { path: 'subscription-process', element: <pages.SubscriptionProcess /> },
          { path: 'subscription-result', element: <pages.SubscriptionResult /> },
        ],
      },
      {
        element: (
          <RouteBoundary>
            <pages.AppLayout />
          </RouteBoundary>
        ),
        children: [
          {
            // Errors in a page render inside the layout; menus stay usable.
            element: (
              <RouteBoundary>
                <Outlet />
              </RouteBoundary>
            ),
            children: [
              { index: true, element: <pages.Home />, handle: login },
              {
                path: 'messages',
                handle: login,
                children: [
                  { index: true, element: <pages.Messenger /> },
                  { path: 'c', element: <pages.Messenger /> },
                  { path: 't', element: <Navigate to="/messages" replace /> },
                  { path: 't/:id', element: <pages.Messenger /> },
                ],
              },
              {
                path: 'discover',
                handle: pub,
                children: [
                  { index: true, element: <pages.Discover /> },
                  { path: 'people', element: <pages.Discover /> },
                  { path: 'posts', element: <pages.Discover /> },
                ],
              },
              {
                path: 'feed',
                handle: pub,
                children: [
                  { index: true, element: <pages.Feed /> },
                  { path: 'search', element: <pages.Feed /> },
                ],
              },
              {
                path: 'workspaces',
                handle: login,
                children: [
                  { index: true, element: <pages.Workspaces /> },
                  { path: ':id', element: <pages.Workspace /> },
                ],
              },
              {
                path: 'memo/:id',
                handle: login,
                children: [
                  { index: true, element: <pages.Memo /> },
                  { path: 'gallery/:itemId', element: <Gallery /> },
                ],
              },
              {
                path: 'p/memo/:id',
                handle: pub,
                children: [
                  { index: true, element: <pages.PublicMemo /> },
                  { path: 'gallery/:itemId', element: <Gallery /> },
                ],
              },
              {
                path: 'connections',
                handle: login,
                children: [
                  { index: true, element: <pages.Connections /> },
                  { path: 'followers', element: <pages.Connections /> },
                  { path: 'following', element: <pages.Connections /> },
                  { path: 'delegations', element: <pages.Connections /> },
                  { path: 'accept/:value', element: <pages.AcceptConnection /> },
                ],
              },
              {
                path: 'p/connections/accept/:value',
                handle: pub,
                element: <pages.PublicAcceptConnection />,
              },
              {
                path: 'collections',
                handle: login,
                children: [
                  { index: true, element: <pages.Collections /> },
                  { path: 'collaboration', element: <pages.Collections /> },
                  {
                    path: ':collectionId',
                    children: [
                      { index: true, element: <pages.Collection /> },
                      { path: 'documents', element: <pages.CollectionDocuments /> },
                    ],
                  },
                ],
              },
              {
                path: 'p/collections/:collectionId',
                handle: pub,
                element: <pages.PublicCollection />,
              },
              {
                path: 'profile/:id',
                handle: login,
                element: <pages.Profile />,
                children: [
                  { index: true, element: <pages.ProfileCollections /> },
                  { path: 'collections', element: <pages.ProfileCollections /> },
                  { path: 'shared', element: <pages.ProfileShared /> },
                  { path: 'members', element: <pages.ProfileMembers /> },
                  { path: 'documents', element: <pages.ProfileDocuments /> },
                ],
              },
              {
                path: 'p/profile/:id',
                handle: pub,
                children: [
                  { index: true, element: <pages.PublicProfile /> },
                  { path: 'collections', element: <pages.PublicProfile /> },
                ],
              },
              {
                path: 'account-settings',
                handle: login,
                element: <pages.AccountSettings />,
                children: [
                  {
                    path: 'subscriptions',
                    children: [
                      { index: true, element: <pages.Subscriptions /> },
                      { path: 'success', element: <pages.Subscriptions /> },
                      { path: 'fail', element: <pages.Subscriptions /> },
                      { path: ':id', element: <pages.Subscriptions /> },
                    ],
                  },
                  { path: 'verify-name', element: <pages.VerifyName /> },
                ],
              },
              {
                path: 'public-account-settings',
                element: <pages.PublicSettings />,
                handle: login,
              },
              {
                path: 'notification-settings',
                element: <pages.NotificationSettings />,
                handle: login,
              },
              { path: 'meet', element: <pages.Meet />, handle: pub },
              { path: 'joincall', element: <pages.JoinCall />, handle: pub },
              { path: 'transfer', element: <Navigate to="/file-transfer" replace /> },
              { path: 'file-transfer', element: <pages.Transfer />, handle: pub },
              // the receiver's page; the key is in the fragment (docs/notes/file-transfer.md)
              { path: 'transfer/d/:id', element: <pages.TransferDownload />, handle: pub },
              { path: 'privacy-policy', element: <pages.PrivacyPolicy />, handle: pub },
              // the link mailed to a new address works signed in or not (docs/SCREENS.md)
              { path: 'auth/confirm-email', element: <pages.ConfirmEmail />, handle: pub },
              { path: '*', element: <pages.NotFound />, handle: pub },
            ],
          },
        ],
      },
    ],
  },
];
