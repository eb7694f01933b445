import {
  IconCompass,
  IconFolders,
  IconNotes,
  IconNews,
  IconBuildingCommunity,
  IconTransfer,
  IconMessages,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label:
    | 'nav.memos'
    | 'nav.collections'
    | 'nav.workspaces'
    | 'nav.discover'
    | 'nav.feed'
    | 'nav.messages'
    | 'nav.fileTransfer';
  icon: Icon;
  /** Only shown to those who may list workspaces (a main user with the right). */
  needsWorkspaces?: boolean;
}

export const SIDE_MENU: NavItem[] = [
  { to: '/', label: 'nav.memos', icon: IconNotes },
  { to: '/collections', label: 'nav.collections', icon: IconFolders },
  { to: '/messages', label: 'nav.messages', icon: IconMessages },
  {
    to: '/workspaces',
    label: 'nav.workspaces',
    icon: IconBuildingCommunity,
    needsWorkspaces: true,
  },
  { to: '/discover', label: 'nav.discover', icon: IconCompass },
  { to: '/feed', label: 'nav.feed', icon: IconNews },
  { to: '/file-transfer', label: 'nav.fileTransfer', icon: IconTransfer },
];

export const BOTTOM_BAR: NavItem[] = [
  { to: '/', label: 'nav.memos', icon: IconNotes },
  { to: '/collections', label: 'nav.collections', icon: IconFolders },
  { to: '/messages', label: 'nav.messages', icon: IconMessages },
  { to: '/discover', label: 'nav.discover', icon: IconCompass },
  { to: '/feed', label: 'nav.feed', icon: IconNews },
];
