import { Suspense, lazy, useRef, useState } from 'react';
import { needsStagingConfirmation, rememberStagingConfirmation } from '../../session/staging';

const StagingDialog = lazy(() =>
  import('./staging-dialog').then((m) => ({ default: m.StagingDialog })),
);

/**
 * The staging warning before login or signup (docs/API.md, Errors). `confirm()` resolves true when
 * the user may go on; render `dialog` somewhere in the page.
 */
export function useStagingConfirm() {
  const [opened, setOpened] = useState(false);
  const resolver = useRef<(ok: boolean) => void>(undefined);

  const confirm = () => {
    if (!needsStagingConfirmation()) return Promise.resolve(true);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  };

  const finish = (ok: boolean) => {
    if (ok) rememberStagingConfirmation();
    setOpened(false);
    resolver.current?.(ok);
    resolver.current = undefined;
  };

  const dialog = opened ? (
    <Suspense fallback={null}>
      <StagingDialog onAnswer={finish} />
    </Suspense>
  ) : null;

  return { confirm, dialog };
}
