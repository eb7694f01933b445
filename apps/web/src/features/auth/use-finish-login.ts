import type { TokenPair } from '@memoria/domain';
import { useLocation, useNavigate } from 'react-router';
import { afterLoginDestination } from '../../session/navigation-rules';
import { setPostLoginDestination, startSession } from '../../session/session-actions';
import { browserSettings } from '../../session/settings';

/** Stores the full session and goes where docs/SCREENS.md, Navigation says a login lands. */
export function useFinishLogin() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (pair: TokenPair) => {
    // Decide before startSession marks this browser as having logged in.
    const destination = afterLoginDestination(search, browserSettings.get());
    setPostLoginDestination(destination);
    startSession(pair, 'full');
    navigate(destination, { replace: true });
  };
}
