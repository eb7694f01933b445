import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Collection, UserSummary } from '@memoria/domain';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { configureClient } from '../../api/client';
import { resetSessionCache } from '../../api/session';
import { queryClient } from '../../app/query-client';
import { buildTheme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { json, testUser } from '../../test/render';

export function person(id: number, name: string): UserSummary {
  return {
    id,
    '@id': `/api/user/${id}`,
    name,
    picture: null,
    label: name.slice(0, 2).toUpperCase(),
  };
}

export const ME = person(7, 'Ada');

let next = 0;

/** A collection as the API answers it; owned by the test user unless told otherwise. */
export function collection(overrides: Partial<Collection> = {}): Collection {
  next += 1;
  const id = overrides.id ?? `Coll${String(next).padStart(6, '0')}`;
  return {
    id,
    '@id': `/api/collection/${id}`,
    type: 'private',
    name: `Collection ${next}`,
    description: null,
    author: ME,
    author_has_public_profile: false,
    isOwner: true,
    is_collaboration: false,
    collaboration_on_checklist: false,
    allow_add_documents: false,
    allow_replace_documents: false,
    preserve_documents_version: false,
    public_link_on: false,
    notify_me: false,
    content_watching_notify_me: false,
    user_can_join_call: false,
    is_muted: false,
    muted_collection_id: null,
    group_name: null,
    favourite_id: null,
    transfer_collection: false,
    memos_count: 0,
    created_at: '2030-01-01T10:00:00+00:00',
    modified_at: '2030-01-01T10:00:00+00:00',
    picture: null,
    collection_picture: null,
    users_per_collection: [],
    label: 'CO',
    can_add_memos: overrides.isOwner ?? true,
    ...overrides,
  };
}

/** The signed-in test user with the given rules and profile flags. */
export function me(
  rules: Record<string, boolean> = {},
  profile: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const user = testUser();
  return json(200, {
    ...user,
    rules,
    user_can_create_public_collection: rules.public_profile !== false,
    user_profile: { ...user.user_profile, public_profile_enabled: true, ...profile },
    ...extra,
  });
}

/** Renders a component inside the app's providers (for pieces that have no route). */
export async function renderWithProviders(ui: ReactNode) {
  await initI18n('en');
  resetSessionCache();
  queryClient.clear();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <MemoryRouter>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** jsdom has no document.fonts; Mantine's autosize textarea listens to it. */
export function stubDocumentFonts() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}
