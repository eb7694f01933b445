import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UnsavedChangesDialog, useLeaveGuard } from './unsaved-changes';
import { renderWidget } from '../test/render';

function Editor({
  dirty: startDirty,
  save,
  onLeave,
}: {
  dirty: boolean;
  save: () => Promise<boolean>;
  onLeave: () => void;
}) {
  const [dirty] = useState(startDirty);
  const guard = useLeaveGuard(dirty, save);
  return (
    <>
      <Button onClick={() => guard.requestLeave(onLeave)}>Leave</Button>
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}

function fireBeforeUnload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes', () => {
  it('leaves at once when nothing changed, and arms no leave warning', async () => {
    const onLeave = vi.fn();
    await renderWidget(<Editor dirty={false} save={vi.fn()} onLeave={onLeave} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Leave' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('unsaved-save')).toBeNull();
    expect(fireBeforeUnload()).toBe(false);
  });

  it('asks first; continuing without saving leaves', async () => {
    const onLeave = vi.fn();
    const save = vi.fn();
    await renderWidget(<Editor dirty save={save} onLeave={onLeave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(onLeave).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('unsaved-discard'));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves, then leaves; a failed save stays', async () => {
    const onLeave = vi.fn();
    const save = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await renderWidget(<Editor dirty save={save} onLeave={onLeave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByTestId('unsaved-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(onLeave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(await screen.findByTestId('unsaved-save'));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
  });

  it('Escape keeps editing', async () => {
    const onLeave = vi.fn();
    await renderWidget(<Editor dirty save={vi.fn()} onLeave={onLeave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByTestId('unsaved-save');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('unsaved-save')).toBeNull());
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('triggers the browser leave warning once while there are changes', async () => {
    await renderWidget(<Editor dirty save={vi.fn()} onLeave={vi.fn()} />);
    expect(fireBeforeUnload()).toBe(true);
    expect(fireBeforeUnload()).toBe(false);
  });
});
