import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry; network and server errors may.
      retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    },
  },
});
