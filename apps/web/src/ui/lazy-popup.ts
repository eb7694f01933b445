import { useRef, useState, type ComponentType } from 'react';
import { loadChunk } from './lazy-page';

export type PopupFailure = 'retry-later' | 'reload';

/**
 * A popup's chunk, fetched once: a hover or focus fetches it quietly (a failure is retried
 * on the next), a click goes through loadChunk (a stale build reloads the page).
 */
export function popupLoader<P>(importer: () => Promise<ComponentType<P>>) {
  let chunk: Promise<ComponentType<P>> | undefined;
  return (onFailure: PopupFailure): Promise<ComponentType<P>> => {
    chunk ??= (onFailure === 'reload' ? loadChunk(importer) : importer()).catch(
      (error: unknown) => {
        chunk = undefined;
        throw error;
      },
    );
    return chunk;
  };
}

/**
 * A menu whose popup loads on the first hover, focus or touch of its trigger; a click
 * before it has loaded opens it once it is there. Spread `triggerProps` on the trigger and
 * render `loaded.Popup` (with `initiallyOpened` and `takeFocus`) once it is set.
 */
export function useLazyPopup<P>(
  loadPopup: (onFailure: PopupFailure) => Promise<ComponentType<P>>,
  name: string,
) {
  const [loaded, setLoaded] = useState<{
    Popup: ComponentType<P>;
    opened: boolean;
    focus: boolean;
  }>();
  const trigger = useRef<HTMLButtonElement>(null);
  const wantsOpen = useRef(false);

  const load = (onFailure: PopupFailure) => {
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
        if (onFailure === 'reload') console.error(`the ${name} could not be loaded`, error);
      },
    );
  };

  const triggerProps = {
    ref: trigger,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => load('retry-later'),
    onFocus: () => load('retry-later'),
    // A press counts from its pointerdown: when the popup arrives between the press and the
    // release, the release lands on the new trigger and no click follows, so it opens itself.
    onPointerDown: () => {
      wantsOpen.current = true;
    },
    onClick: () => {
      wantsOpen.current = true;
      load('reload');
    },
  };
  return { loaded, triggerProps };
}
