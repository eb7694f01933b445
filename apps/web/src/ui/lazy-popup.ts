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

  /**
   * A press on the stand-in. The popup may have arrived already and only wait to be drawn
   * (its state is set, the stand-in still on screen): it then opens when drawn, or the press
   * would be lost (its release lands on the new trigger, so no click follows).
   */
  const pressed = () => {
    wantsOpen.current = true;
    setLoaded((current) => (current && !current.opened ? { ...current, opened: true } : current));
  };

  const triggerProps = {
    ref: trigger,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => load('retry-later'),
    onFocus: () => load('retry-later'),
    // A press counts from its pointerdown: when the popup arrives between the press and the
    // release, the release lands on the new trigger and no click follows, so it opens itself.
    onPointerDown: pressed,
    onClick: () => {
      pressed();
      load('reload');
    },
  };
  return { loaded, triggerProps };
}
