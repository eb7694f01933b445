import { useEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import { loadNamespacesOnDemand } from '../i18n';
import { routes } from './routes';
import { setNavigator } from '../session/session-actions';

// The app loads the core texts first; each lazy screen loads its feature namespaces (pages.ts).
loadNamespacesOnDemand();

/** The route table, rendered inside a BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => {
      void navigate(to, { replace: true });
    });
  }, [navigate]);
  return useRoutes(routes);
}
