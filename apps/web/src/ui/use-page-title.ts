import { useEffect } from 'react';

/** Names the browser tab after the screen (screen readers announce it on navigation). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Memoria` : 'Memoria';
  }, [title]);
}
