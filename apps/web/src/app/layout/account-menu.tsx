import type { User } from '@memoria/domain';
import { useRef, useState, type ComponentType } from 'react';
import { loadChunk } from '../../ui/lazy-page';
import { AccountButton } from './account-button';
import type { AccountMenuPopupProps } from './account-menu-popup';

type Popup = ComponentType<AccountMenuPopupProps>;

let popupChunk: Promise<Popup> | undefined;

/** The menu's chunk: fetched once; a failed fetch may be retried. */
function loadPopup(onFailure: 'retry-later' | 'reload'): Promise<Popup> {
  const importer = () => import('./account-menu-popup').then((m) => m.AccountMenuPopup);
  popupChunk ??= (onFailure === 'reload' ? loadChunk(importer) : importer()).catch(
    (error: unknown) => {
      popupChunk = undefined;
      throw error;
    },
  );
  return popupChunk;
}

/**
 * The user's card at the foot of the side menu: settings, lock (with a PIN), logout. The
 * first screen shows only the card; the menu (Mantine Menu and Floating UI) loads on the
 * first hover, focus or touch, and a click before it has loaded opens it once it is there.
 */
export function AccountMenu({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const [loaded, setLoaded] = useState<{ Popup: Popup; opened: boolean; focus: boolean }>();
  const trigger = useRef<HTMLButtonElement>(null);
  const wantsOpen = useRef(false);

  const load = (onFailure: 'retry-later' | 'reload') => {
    loadPopup(onFailure).then(
      (Popup) =>
        setLoaded(
          (current) =>
            current ?? {
              Popup,
              opened: wantsOpen.current,
              focus: document.activeElement === trigger.current,
            },
        ),
      (error: unknown) => {
        if (onFailure === 'reload') console.error('the account menu could not be loaded', error);
      },
    );
  };

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
  return (
    <AccountButton
      user={user}
      ref={trigger}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => load('retry-later')}
      onFocus={() => load('retry-later')}
      // A press counts from its pointerdown: when the menu arrives between the press and the
      // release, the release lands on the new button and no click follows, so it opens itself.
      onPointerDown={() => {
        wantsOpen.current = true;
      }}
      onClick={() => {
        wantsOpen.current = true;
        load('reload');
      }}
    />
  );
}
