import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { openMemoEditor } from './memo-editor-launcher';

// The overlay is drawn only while something is dragged over the page.
const DropOverlay = lazy(() => import('./drop-overlay').then((m) => ({ default: m.DropOverlay })));

function carriesContent(event: DragEvent): boolean {
  const types = Array.from(event.dataTransfer?.types ?? []);
  return types.includes('Files') || types.includes('text/plain');
}

/**
 * The drop area of docs/SCREENS.md, Layout (signed-in users, on the routes that have it): files or
 * text dropped anywhere on the page open the memo editor with a memo made from them.
 */
export function DropArea() {
  const [active, setActive] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    const onEnter = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      depth.current = 0;
      setActive(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      const text = event.dataTransfer?.getData('text/plain') ?? '';
      // Reading the files is only needed on a drop: that code loads then.
      void import('./drop-draft')
        .then(({ draftFromDrop }) => draftFromDrop(files, text))
        .then((draft) => {
          if (draft) openMemoEditor({ draft });
        });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <DropOverlay />
    </Suspense>
  );
}
