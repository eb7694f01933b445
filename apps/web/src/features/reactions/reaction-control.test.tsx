import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWidget, signIn } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { ReactionControl, leadingReactions } from './reaction-control';

afterEach(() => vi.unstubAllGlobals());

describe('reaction control on a card', { timeout: 20_000 }, () => {
  it('leads with the viewer’s own kind, then the most given, three at most', () => {
    const memo = memoFixture({
      reactions: { like: 5, love: 2, haha: 9, sad: 1 },
      my_reaction: 'sad',
      my_reaction_id: 4,
    });
    expect(leadingReactions(memo)).toEqual(['sad', 'haha', 'like']);
    expect(leadingReactions(memoFixture({ reactions: {} }))).toEqual([]);
  });

  it('shows the total on one button and opens the six on demand, by keyboard', async () => {
    signIn();
    const calls = mockApi((url, init) =>
      url === '/api/memo/reaction' && init.method === 'POST'
        ? json(201, { id: 7, reaction_type: 'wow', reactions: { like: 1499, wow: 1 } })
        : undefined,
    );
    await renderWidget(<ReactionControl memo={memoFixture({ reactions: { like: 1499 } })} />);
    const control = screen.getByTestId('reaction-control');
    // one control, not six buttons; its name starts with what it shows
    expect(screen.queryByTestId('reaction-like')).toBeNull();
    expect(screen.getByTestId('reaction-total')).toHaveTextContent('1.4k');
    expect(control).toHaveAccessibleName('1.4k reactions. Choose a reaction');
    expect(control).toHaveAttribute('aria-expanded', 'false');

    // the popover's chunk loads on the first focus, hover or press: the control it brings
    // takes the place and the focus of this one
    const user = userEvent.setup();
    control.focus();
    await user.keyboard('{Enter}');
    // a dialog named by the control (Mantine links the two)
    const picker = await screen.findByRole('dialog', { name: /Choose a reaction/ });
    const current = () => screen.getByTestId('reaction-control');
    expect(current()).toHaveAttribute('aria-expanded', 'true');
    const like = screen.getByTestId('reaction-like');
    await waitFor(() => expect(like).toHaveFocus());
    expect(picker.querySelectorAll('button')).toHaveLength(6);
    // arrow keys move along the row, and wrap
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('reaction-angry')).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('reaction-wow')).toHaveFocus();
    // Escape closes and gives the focus back to the control
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(current()).toHaveFocus());

    // a choice is sent, the picker closes and the focus is back on the control
    await user.keyboard('{Enter}');
    await user.click(await screen.findByTestId('reaction-wow'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      memo: '/api/memo/1',
      reaction_type: 'wow',
    });
    await waitFor(() => expect(current()).toHaveFocus());
  });

  it('says the viewer’s own reaction and takes it back from the picker', async () => {
    signIn();
    const calls = mockApi((url, init) =>
      url === '/api/memo/reaction/9' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderWidget(
      <ReactionControl
        memo={memoFixture({ reactions: { love: 2 }, my_reaction: 'love', my_reaction_id: 9 })}
      />,
    );
    const control = screen.getByTestId('reaction-control');
    expect(control).toHaveAccessibleName('2 reactions. Your reaction: Love. Choose a reaction');
    expect(control).toHaveAttribute('data-active');
    const user = userEvent.setup();
    // hovering loads the picker, whose control replaces this one
    await user.hover(control);
    await waitFor(() => expect(screen.getByTestId('reaction-control')).not.toBe(control));
    await user.click(screen.getByTestId('reaction-control'));
    const love = await screen.findByTestId('reaction-love');
    expect(love).toHaveAttribute('aria-pressed', 'true');
    await user.click(love);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/memo/reaction/9')).toBe(
        true,
      ),
    );
  });

  it('is only a summary without the right to react, and nothing without reactions', async () => {
    signIn();
    mockApi(() => undefined);
    const view = await renderWidget(
      <ReactionControl memo={memoFixture({ can_react: false, reactions: { like: 3, sad: 1 } })} />,
    );
    expect(screen.queryByTestId('reaction-control')).toBeNull();
    expect(screen.getByTestId('reaction-summary')).toHaveTextContent('4 reactions');
    view.unmount();
    await renderWidget(<ReactionControl memo={memoFixture({ can_react: false, reactions: {} })} />);
    expect(screen.queryByTestId('reaction-summary')).toBeNull();
    await renderWidget(<ReactionControl memo={memoFixture({ can_see_engagement: false })} />);
    expect(screen.queryByTestId('reaction-control')).toBeNull();
  });
});
