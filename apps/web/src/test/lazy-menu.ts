import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens a menu whose popup loads on demand (ui/lazy-popup.ts). Until it has loaded, the
 * trigger is a stand-in without an id; hovering loads the menu, whose trigger (Mantine's, with
 * an id) takes its place. A click straight on the stand-in races that swap: when the menu
 * arrives between the hover and the press, user-event presses the detached stand-in and
 * nothing opens (a person's press lands on the new trigger). Answers the menu's trigger.
 */
export async function openLazyMenu(
  user: UserEvent,
  find: () => HTMLElement,
  timeout?: number,
): Promise<HTMLElement> {
  const drawn = await waitFor(find, { timeout });
  if (!drawn.id) {
    await user.hover(drawn);
    await waitFor(() => expect(find().id).not.toBe(''), { timeout });
  }
  const trigger = find();
  await user.click(trigger);
  return trigger;
}
