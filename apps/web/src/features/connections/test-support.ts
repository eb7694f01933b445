import type { Connection, ContactCard, FollowEntry } from '@memoria/domain';

/** A person as connection cards show them. */
export function card(id: number, name: string, extra: Partial<ContactCard> = {}): ContactCard {
  return {
    id,
    '@id': `/api/user/${id}`,
    name,
    picture: null,
    label: name.slice(0, 2).toUpperCase(),
    usermail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone_number: null,
    function: null,
    organization_name: null,
    location: null,
    name_official: null,
    user_identified: false,
    user_type: 'normal',
    workspace_type: null,
    ...extra,
  };
}

export function connection(
  id: number,
  person: ContactCard | null,
  extra: Partial<Connection> = {},
): Connection {
  return {
    id,
    '@id': `/api/connection/${id}`,
    status: 'active',
    user_inbound: person,
    user_outbound: card(7, 'Ada'),
    user: person,
    user_id: person?.id ?? null,
    user_to_email: person ? null : 'someone@example.com',
    personal_message: null,
    created_at: '2025-01-02T10:00:00.000Z',
    accepted_at: '2025-01-03T10:00:00.000Z',
    rejected_at: null,
    watching: false,
    auto_accepted: false,
    private: false,
    favourite_id: null,
    workspace_contact: false,
    picture: null,
    label: person?.label ?? '',
    url: person ? `/profile/${person.id}` : null,
    ...extra,
  };
}

export function followEntry(person: ContactCard, following = false): FollowEntry {
  return {
    '@id': person['@id'],
    user: person,
    following_status: following ? 'active' : null,
    follows_you: true,
    created_at: '2025-01-02T10:00:00.000Z',
  };
}

export function hydra<T>(items: T[]) {
  return {
    '@context': '/api/contexts/x',
    '@id': '/api/x',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': items.length,
  };
}

export const NAMES = [
  'Anna Adams',
  'Ben Brown',
  'Émile Evans',
  'Chloé Carter',
  'Dirk de Vries',
  'Eva Engel',
  'Frank Fischer',
  'Greta Gomez',
  'Hugo Hall',
  'Ines Ibáñez',
  'Jan Janssens',
  'Karin Kowalska',
  'Lena Lopez',
  'Marc Maes',
  'Nora Novak',
  'Olga Orlova',
  'Piet Peeters',
  'Quinten Quist',
  'Rosa Ruiz',
  'Sara Smet',
  'Tom Thys',
  '42 Studio',
];
