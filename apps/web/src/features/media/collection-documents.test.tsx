import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { CollectionDocumentList } from './collection-documents';
import type { CollectionDocument } from './queries';
import { FakeXhr, attachmentFixture } from './test-support';

const doc = (overrides: Partial<CollectionDocument>): CollectionDocument => ({
  ...attachmentFixture({ type: 'document', ...overrides }),
  memo: '/api/memo/4',
  memo_title: 'Trip plan',
  has_versions: false,
  can_replace: false,
  can_delete: false,
  ...overrides,
});

const hydra = (members: unknown[]) => ({
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderWidget(
    <CollectionDocumentList
      collectionId="c1"
      access={{ visitor: false }}
      emptyTitle="No documents yet"
      emptyText="Nothing"
      moreLabel="More"
    />,
  );

describe('collection documents', { timeout: 20_000 }, () => {
  it('lists the documents with download, versions, replace and delete where allowed', async () => {
    let listed = [
      doc({
        id: 1,
        file_name: 'plan.pdf',
        has_versions: true,
        can_replace: true,
        can_delete: true,
      }),
      doc({ id: 2, file_name: 'notes.pdf' }),
    ];
    const calls = mockApi((url, init) => {
      if (url.startsWith('/api/collection/c1/document')) return json(200, hydra(listed));
      if (url.startsWith('/api/memo/document/1/versions')) {
        return json(200, hydra([doc({ id: 9, file_name: 'plan-old.pdf' })]));
      }
      if (url === '/api/memo/document/1' && init.method === 'DELETE') {
        listed = listed.filter((d) => d.id !== 1);
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await renderList();
    const rows = await screen.findAllByTestId('collection-document');
    expect(rows).toHaveLength(2);
    expect(calls[0]!.url).toContain('page=1');
    expect(within(rows[0]!).getByRole('link', { name: 'Download plan.pdf' })).toHaveAttribute(
      'download',
      'plan.pdf',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Trip plan' })).toHaveAttribute(
      'href',
      '/memo/4',
    );
    // Only what the server allows is offered.
    expect(within(rows[1]!).queryByTestId('document-replace')).toBeNull();
    expect(within(rows[1]!).queryByTestId('document-delete')).toBeNull();
    expect(within(rows[1]!).queryByTestId('document-versions-toggle')).toBeNull();

    await userEvent.click(within(rows[0]!).getByTestId('document-versions-toggle'));
    expect(await within(rows[0]!).findByText('plan-old.pdf')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Version 1')).toBeInTheDocument();

    // A new version goes up with replace_document_id.
    const input = rows[0]!.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF'], 'plan-v2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/memo/document');
    expect(xhr.body!.get('replace_document_id')).toBe('1');
    expect((xhr.body!.get('file') as File).name).toBe('plan-v2.pdf');
    xhr.respond(201, doc({ id: 3, file_name: 'plan-v2.pdf' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/collection/c1/document'))).toHaveLength(2),
    );

    await userEvent.click(within(rows[0]!).getByTestId('document-delete'));
    await userEvent.click(await screen.findByTestId('document-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('collection-document')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/memo/document/1')).toBe(true);
  });

  it('shows the empty state', async () => {
    mockApi((url) =>
      url.startsWith('/api/collection/c1/document') ? json(200, hydra([])) : undefined,
    );
    await renderList();
    expect(await screen.findByTestId('collection-documents-empty')).toHaveTextContent(
      'No documents yet',
    );
  });
});
