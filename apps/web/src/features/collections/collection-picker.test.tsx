import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { CollectionPicker, toggleChoice, writableCollections } from './collection-picker';
import { collection, me, person } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 8000 };
const travel = collection({ id: 'Travel0001', name: 'Travel' });
const recipes = collection({ id: 'Recipe0001', name: 'Recipes' });
const shared = collection({
  id: 'Shared0001',
  name: 'Team notes',
  author: person(8, 'Bo Berg'),
  isOwner: false,
  type: '',
  is_collaboration: true,
  can_add_memos: true,
});
const readOnly = collection({
  id: 'ReadOnly01',
  name: 'Just reading',
  author: person(8, 'Bo Berg'),
  isOwner: false,
  type: '',
  can_add_memos: false,
});

function Host({ single = false, onPick }: { single?: boolean; onPick: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <CollectionPicker
      value={value}
      single={single}
      onChange={(ids) => {
        setValue(ids);
        onPick(ids);
      }}
    />
  );
}

function serve() {
  const created = collection({ id: 'Created001', name: 'Fresh' });
  const list = [travel, recipes, shared, readOnly];
  const calls = mockApi((url, init) => {
    if (url === '/api/profile') return me();
    if (url === '/api/user/7/collection?itemsPerPage=10000') return json(200, list);
    if (url === '/api/collection/groups') return json(200, []);
    if (url === '/api/collection' && init.method === 'POST') {
      list.unshift(created);
      return json(201, created);
    }
    return undefined;
  });
  return calls;
}

describe('collection picker', { timeout: 30000 }, () => {
  it('chooses several collections among own and collaboration ones', async () => {
    signIn();
    serve();
    const picked = vi.fn();
    await renderWidget(<Host onPick={picked} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('collection-picker-open', {}, SLOW));
    await user.click(await screen.findByTestId('collection-option-Travel0001', {}, SLOW));
    await user.click(screen.getByTestId('collection-option-Shared0001'));
    expect(picked).toHaveBeenLastCalledWith(['Travel0001', 'Shared0001']);
    expect(screen.getByTestId('collection-option-Travel0001')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // a collection one may only read is not offered; selectable cards have no menu
    expect(screen.queryByTestId('collection-option-ReadOnly01')).toBeNull();
    expect(screen.queryByTestId(/^collection-menu-/)).toBeNull();
    await user.click(screen.getByTestId('collection-option-Travel0001'));
    expect(picked).toHaveBeenLastCalledWith(['Shared0001']);
    await user.click(screen.getByTestId('picker-done'));
    expect(await screen.findByTestId('picker-chosen-Shared0001')).toHaveTextContent('Team notes');
  });

  it('replaces the choice in single mode and closes', async () => {
    signIn();
    serve();
    const picked = vi.fn();
    await renderWidget(<Host single onPick={picked} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('collection-picker-open', {}, SLOW));
    await user.click(await screen.findByTestId('collection-option-Recipe0001', {}, SLOW));
    expect(picked).toHaveBeenLastCalledWith(['Recipe0001']);
    await waitFor(() => expect(screen.queryByTestId('collection-picker-modal')).toBeNull());
  });

  it('creates a collection from the picker and chooses it', async () => {
    signIn();
    const calls = serve();
    const picked = vi.fn();
    await renderWidget(<Host onPick={picked} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('collection-picker-open', {}, SLOW));
    await user.click(await screen.findByTestId('collection-option-Travel0001', {}, SLOW));
    await user.click(screen.getByTestId('picker-create'));
    await user.type(await screen.findByTestId('form-name', {}, SLOW), 'Fresh');
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(picked).toHaveBeenLastCalledWith(['Travel0001', 'Created001']));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Fresh' });
    // back in the picker, the new collection is there and chosen
    expect(await screen.findByTestId('collection-option-Created001')).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('filters by name and toggles choices', () => {
    expect(toggleChoice(['a'], 'b', false)).toEqual(['a', 'b']);
    expect(toggleChoice(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleChoice(['a'], 'b', true)).toEqual(['b']);
    expect(writableCollections([travel, shared, readOnly]).map((c) => c.id)).toEqual([
      'Travel0001',
      'Shared0001',
    ]);
  });
});
