import type { User } from '@memoria/domain';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import { AccountButton } from './account-button';
import type { AccountMenuPopupProps } from './account-menu-popup';

const loadPopup = popupLoader<AccountMenuPopupProps>(() =>
  import('./account-menu-popup').then((m) => m.AccountMenuPopup),
);

/**
 * The user's card at the foot of the side menu: settings, lock (with a PIN), logout. The
 * first screen shows only the card; the menu (Mantine Menu and Floating UI) loads on the
 * first hover, focus or touch, and a click before it has loaded opens it once it is there.
 */
export function AccountMenu({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const { loaded, triggerProps } = useLazyPopup(loadPopup, 'account menu');

  if (loaded) {
    return (
      <loaded.Popup
        user={user}
        onNavigate={onNavigate}
        initiallyOpened={loaded.opened}
        takeFocus={loaded.focus}
      />
    );
  }
  return <AccountButton user={user} {...triggerProps} />;
}
