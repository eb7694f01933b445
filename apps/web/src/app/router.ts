import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { setNavigator } from './session-actions';

export const router = createBrowserRouter(routes);

setNavigator((to) => {
  void router.navigate(to, { replace: true });
});
