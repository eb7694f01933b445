import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { popupLoader, useLazyPopup } from './lazy-popup';

interface PopupProps {
  initiallyOpened: boolean;
}

/** What the loaded popup drew with: opened or not. */
function Popup({ initiallyOpened }: PopupProps) {
  return <div data-testid="popup" data-opened={String(initiallyOpened)} />;
}

/** A popup chunk that arrives when the test says so. */
function deferredChunk() {
  let arrive!: () => void;
  const chunk = new Promise<typeof Popup>((resolve) => (arrive = () => resolve(Popup)));
  return { load: popupLoader<PopupProps>(() => chunk), arrive: () => arrive() };
}

function Menu({ load }: { load: ReturnType<typeof popupLoader<PopupProps>> }) {
  const { loaded, triggerProps } = useLazyPopup(load, 'test menu');
  if (loaded) return <loaded.Popup initiallyOpened={loaded.opened} />;
  return (
    <button type="button" {...triggerProps} data-testid="stand-in">
      Actions
    </button>
  );
}

/** Dispatches straight to the element, outside act: React draws when its scheduler runs. */
function dispatch(element: Element, type: string) {
  element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
}

/** Runs `body` with React's test mode off, so updates wait for React's own scheduler. */
async function outsideAct(body: () => Promise<void>) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await body();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

describe('a popup loaded on demand', () => {
  it('opens when drawn after a click on its stand-in that came before it arrived', async () => {
    const chunk = deferredChunk();
    render(<Menu load={chunk.load} />);
    await outsideAct(async () => {
      const standIn = screen.getByTestId('stand-in');
      dispatch(standIn, 'pointerdown');
      dispatch(standIn, 'pointerup');
      dispatch(standIn, 'click');
      chunk.arrive();
      await waitFor(() =>
        expect(screen.getByTestId('popup')).toHaveAttribute('data-opened', 'true'),
      );
    });
  });

  it('opens when a press reaches the stand-in after the popup arrived, before it is drawn', async () => {
    const chunk = deferredChunk();
    render(<Menu load={chunk.load} />);
    await outsideAct(async () => {
      const standIn = screen.getByTestId('stand-in');
      // the pointer comes over the trigger: the chunk is asked for, and arrives
      dispatch(standIn, 'pointerover');
      chunk.arrive();
      await Promise.resolve();
      await Promise.resolve();
      // the press lands on the stand-in, still on screen until React draws
      expect(screen.queryByTestId('stand-in')).toBe(standIn);
      dispatch(standIn, 'pointerdown');
      await waitFor(() =>
        expect(screen.getByTestId('popup')).toHaveAttribute('data-opened', 'true'),
      );
    });
  });

  it('stays closed when only hovered', async () => {
    const chunk = deferredChunk();
    render(<Menu load={chunk.load} />);
    await outsideAct(async () => {
      dispatch(screen.getByTestId('stand-in'), 'pointerover');
      chunk.arrive();
      await waitFor(() =>
        expect(screen.getByTestId('popup')).toHaveAttribute('data-opened', 'false'),
      );
    });
  });
});
