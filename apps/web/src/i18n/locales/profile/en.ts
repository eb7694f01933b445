/** English texts of the profile pages (own, another person's, public). */
export const profile = {
  tabsLabel: 'Profile sections',
  tabs: {
    collections: 'Collections',
    shared: 'Shared',
    members: 'Members',
    documents: 'Documents',
  },
  stats: {
    connections: 'Connections',
    followers: 'Followers',
    following: 'Following',
    delegations: 'Delegations',
  },
  workspace: 'Workspace',
  group: 'Group',
  followsYou: 'Follows you',
  contact: {
    linkedin: 'LinkedIn',
  },
  actions: {
    follow: 'Follow',
    unfollow: 'Unfollow',
    connect: 'Connect',
    requestSent: 'Request sent',
    accept: 'Accept request',
    connected: 'Connected',
    block: 'Block',
    report: 'Report',
    more: 'More actions',
    favourite: 'Add to favourites',
    unfavourite: 'Remove from favourites',
    copyLink: 'Copy profile link',
    editProfile: 'Edit profile',
    connections: 'My connections',
  },
  connect: {
    title: 'Connect with {{name}}',
    message: 'Personal message',
    messageRequired: 'A personal message is required.',
    send: 'Send request',
  },
  empty: {
    collections: 'No collections to show.',
    shared: 'You share no collections with {{name}}.',
    sharedOwn: 'Open the profile of a connection to see the collections you share.',
    members: 'No members to show.',
    documents: 'No documents to show.',
  },
  members: {
    admin: 'Administrator',
  },
  public: {
    visitor: 'Log in to follow {{name}} or to connect.',
  },
  documents: {
    inMemo: 'In memo: {{title}}',
  },
} as const;
