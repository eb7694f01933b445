import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { MemoComment } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { memoFixture, userSummary } from '../memos/test-support';
import { CommentsSection } from './comments-section';
import { openLazyMenu } from '../../test/lazy-menu';

afterEach(() => vi.unstubAllGlobals());

/** Opens a comment's actions (a menu loaded on demand, comment-menu.tsx); answers its button. */
const openActions = (
  user: UserEvent,
  find: () => HTMLElement = () => screen.getByTestId('comment-menu'),
) => openLazyMenu(user, find);

function commentFixture(overrides: Partial<MemoComment> = {}): MemoComment {
  const id = overrides.id ?? 11;
  return {
    id,
    '@id': `/api/memo/comment/${id}`,
    memo: '/api/memo/1',
    description: 'Nice one @[Bo Builder](8)!',
    author: userSummary(9, 'Cy Critic'),
    parent: null,
    replies_count: 0,
    mentions: [userSummary(8, 'Bo Builder')],
    createdAt: '2030-01-01T10:00:00+00:00',
    updatedAt: '2030-01-01T10:00:00+00:00',
    edited: false,
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

const hydra = <T,>(members: T[]) => ({
  '@context': '/api/contexts/Collection',
  '@id': '/x',
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

function server(comments: MemoComment[]) {
  return mockApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/memo/1/comments')) return json(200, hydra(comments));
    // the viewer's connections who see this memo's comments
    if (url.startsWith('/api/memo/1/mentionable')) {
      return json(200, hydra([userSummary(8, 'Bo Builder')]));
    }
    if (url === '/api/memo/comment' && method === 'POST') {
      return json(201, commentFixture({ id: 12, description: 'x' }));
    }
    if (url.startsWith('/api/memo/comment/') && method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    if (url.startsWith('/api/memo/comment/') && method === 'PATCH') {
      return json(200, commentFixture({ description: 'Edited', edited: true }));
    }
    return undefined;
  });
}

describe('comments section', { timeout: 20_000 }, () => {
  it('lists comments with mentions linking to the profile', async () => {
    signIn();
    server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const comment = await screen.findByTestId('comment');
    expect(within(comment).getByTestId('comment-text').textContent).toBe('Nice one @Bo Builder!');
    expect(within(comment).getByTestId('comment-mention').getAttribute('href')).toBe('/profile/8');
    expect(screen.getByTestId('comments-count').textContent).toBe('1 comment');
    // the heading's name is the heading alone, not "Comments1 comment"
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Comments');
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeTruthy();
  });

  it('suggests connections after @ and two letters, picked with the keyboard, sent as a mention', async () => {
    signIn();
    const calls = server([]);
    await renderWidget(<CommentsSection memo={memoFixture()} />);
    await screen.findByTestId('comments-empty');
    const user = userEvent.setup();
    const input = screen.getByTestId('comment-input');
    await user.click(input);
    await user.keyboard('Thanks @B');
    expect(screen.queryByTestId('mention-suggestions')).toBeNull();
    await user.keyboard('o');
    const options = await screen.findAllByTestId('mention-option');
    expect(options).toHaveLength(1);
    expect(options[0]?.textContent).toContain('Bo Builder');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('mention-suggestions')).toBeNull());
    expect((input as HTMLTextAreaElement).value).toBe('Thanks @Bo Builder ');
    await user.keyboard('for this{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      memo: '/api/memo/1',
      description: 'Thanks @[Bo Builder](8) for this',
    });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it('deletes after a confirmation', async () => {
    signIn();
    const calls = server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByTestId('comment-delete-action'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/memo/comment/11')).toBe(
        true,
      ),
    );
  });

  it('Escape closes the "no match" popup alone; a second Escape cancels the edit', async () => {
    signIn();
    server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByTestId('comment-edit-action'));
    const edit = await screen.findByTestId('comment-edit');
    await user.keyboard('{Control>}{End}{/Control} @Zz');
    const popup = await screen.findByTestId('mention-suggestions');
    expect(popup).toHaveTextContent('No connection matches.');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mention-suggestions')).toBeNull();
    expect(edit).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('comment-edit')).toBeNull();
  });

  it('gives the focus back to the actions menu after an edit is saved or cancelled', async () => {
    signIn();
    const calls = server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByTestId('comment-edit-action'));
    await screen.findByTestId('comment-edit');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('comment-menu')).toHaveFocus());

    await user.click(screen.getByTestId('comment-menu'));
    await user.click(await screen.findByTestId('comment-edit-action'));
    await screen.findByTestId('comment-edit');
    await user.keyboard('!{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByTestId('comment-edit')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('comment-menu')).toHaveFocus());
  });

  it('gives the focus back to the actions menu when the delete confirmation is cancelled', async () => {
    signIn();
    const calls = server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const user = userEvent.setup();
    const menu = await openActions(user);
    await user.click(await screen.findByTestId('comment-delete-action'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('describes each actions menu by its comment, so the buttons can be told apart', async () => {
    signIn();
    const comments = [11, 12].map((id) => commentFixture({ id, description: `Comment ${id}` }));
    mockApi((url) => {
      if (url.startsWith('/api/memo/1/comments')) return json(200, hydra(comments));
      return undefined;
    });
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 2 })} />);
    await waitFor(() => expect(screen.getAllByTestId('comment-menu')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('comment-menu');
    expect(first).toHaveAccessibleName('Actions for this comment');
    expect(first).toHaveAccessibleDescription('Cy Critic Comment 11');
    expect(second).toHaveAccessibleDescription('Cy Critic Comment 12');
  });

  it('after a confirmed delete the focus goes to the next comment, the previous, then the text box', async () => {
    signIn();
    let comments = [11, 12, 13].map((id) => commentFixture({ id, description: `Comment ${id}` }));
    mockApi((url, init) => {
      if (url.startsWith('/api/memo/1/comments')) return json(200, hydra(comments));
      const deleted = /^\/api\/memo\/comment\/(\d+)$/.exec(url);
      if (deleted && init.method === 'DELETE') {
        comments = comments.filter((c) => c.id !== Number(deleted[1]));
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 3 })} />);
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    const user = userEvent.setup();
    const menuOf = (id: number) =>
      within(document.querySelector<HTMLElement>(`[data-comment-id="${id}"]`)!).getByTestId(
        'comment-menu',
      );
    const deleteConfirmed = async (id: number) => {
      await openActions(user, () => menuOf(id));
      await user.click(await screen.findByTestId('comment-delete-action'));
      await user.click(await screen.findByTestId('confirm-action'));
      await waitFor(() => expect(document.querySelector(`[data-comment-id="${id}"]`)).toBeNull());
      await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    };
    await deleteConfirmed(12);
    await waitFor(() => expect(menuOf(13)).toHaveFocus());
    // and it stays there once the confirmation has finished giving the focus back
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menuOf(13)).toHaveFocus();
    await deleteConfirmed(13);
    await waitFor(() => expect(menuOf(11)).toHaveFocus());
    await deleteConfirmed(11);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('comment-composer')).getByTestId('comment-input'),
      ).toHaveFocus(),
    );
  });

  it('after deleting the last comment where one may not write, the heading takes the focus', async () => {
    signIn();
    let comments = [commentFixture()];
    mockApi((url, init) => {
      if (url.startsWith('/api/memo/1/comments')) return json(200, hydra(comments));
      if (url === '/api/memo/comment/11' && init.method === 'DELETE') {
        comments = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderWidget(
      <CommentsSection memo={memoFixture({ comments_number: 1, can_comment: false })} />,
    );
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByTestId('comment-delete-action'));
    await user.click(await screen.findByTestId('confirm-action'));
    await screen.findByTestId('comments-empty');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: /Comments/ })).toHaveFocus(),
    );
  });

  it('speaks of replies: "Reply", "Show 1 reply", "Hide replies"', async () => {
    signIn();
    const reply = commentFixture({ id: 21, description: 'Agreed', parent: '/api/memo/comment/11' });
    mockApi((url) => {
      if (url.startsWith('/api/memo/1/comments')) {
        return json(200, hydra([commentFixture({ replies_count: 1 })]));
      }
      if (url.startsWith('/api/comment/11/reply')) return json(200, hydra([reply]));
      return undefined;
    });
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 2 })} />);
    const toggle = await screen.findByTestId('comment-toggle-replies');
    expect(toggle).toHaveTextContent('Show 1 reply');
    expect(screen.getByTestId('comment-reply')).toHaveTextContent('Reply');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Agreed')).toBeInTheDocument();
    expect(toggle).toHaveTextContent('Hide replies');
  });

  it('gives the focus back to the reply button when the reply box is closed', async () => {
    signIn();
    server([commentFixture()]);
    await renderWidget(<CommentsSection memo={memoFixture({ comments_number: 1 })} />);
    const user = userEvent.setup();
    const answer = await screen.findByTestId('comment-reply');
    await user.click(answer);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('reply-composer')).getByTestId('comment-input'),
      ).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('reply-composer')).toBeNull();
    await waitFor(() => expect(answer).toHaveFocus());
  });

  it('says why there is no text box when the viewer may not comment', async () => {
    signIn();
    server([]);
    await renderWidget(<CommentsSection memo={memoFixture({ can_comment: false })} />);
    expect(await screen.findByTestId('comments-closed')).toBeTruthy();
    expect(screen.queryByTestId('comment-input')).toBeNull();
  });
});
