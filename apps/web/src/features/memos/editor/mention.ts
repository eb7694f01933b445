import { mergeAttributes } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';
import { ReactRenderer } from '@tiptap/react';
import type { UserSummary } from '@memoria/domain';
import { profilePath } from '../memo-text';
import { MentionList, type MentionListHandle, type MentionListProps } from './mention-list';

const SUGGESTIONS_SHOWN = 8;

/** Connections whose name contains the typed text (case-insensitive), first matches first. */
export function matchPeople(people: UserSummary[], query: string): UserSummary[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return people.slice(0, SUGGESTIONS_SHOWN);
  return people
    .map((person) => ({ person, at: person.name.toLocaleLowerCase().indexOf(needle) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at || a.person.name.localeCompare(b.person.name))
    .slice(0, SUGGESTIONS_SHOWN)
    .map(({ person }) => person);
}

/**
 * @mentions: typing @ suggests the viewer's active connections; a chosen person is saved as
 * <a data-type="mention" data-id="12" data-label="Ada" href="/profile/12">@Ada</a>.
 * `people` is read at each keystroke, so the list may arrive after the editor started.
 */
export function mentionExtension(people: () => UserSummary[]) {
  return Mention.extend({
    parseHTML() {
      return [
        { tag: 'a[data-type="mention"]', priority: 1001 },
        { tag: 'span[data-type="mention"]', priority: 1001 },
      ];
    },
    addAttributes() {
      return {
        id: {
          default: null,
          parseHTML: (element) => element.getAttribute('data-id'),
          renderHTML: () => ({}),
        },
        label: {
          default: null,
          parseHTML: (element) =>
            element.getAttribute('data-label') ?? element.textContent?.replace(/^@/, '') ?? null,
          renderHTML: () => ({}),
        },
      };
    },
  }).configure({
    renderHTML: ({ node, options }) => {
      const id = String(node.attrs.id ?? '');
      const label = String(node.attrs.label ?? id);
      return [
        'a',
        mergeAttributes(options.HTMLAttributes, {
          'data-type': 'mention',
          'data-id': id,
          'data-label': label,
          href: profilePath(id),
        }),
        `@${label}`,
      ];
    },
    renderText: ({ node }) => `@${String(node.attrs.label ?? node.attrs.id ?? '')}`,
    suggestion: {
      char: '@',
      items: ({ query }) => matchPeople(people(), query),
      render: () => {
        let renderer: ReactRenderer<MentionListHandle, MentionListProps> | null = null;
        let unmount: (() => void) | null = null;
        return {
          onStart: (props) => {
            renderer = new ReactRenderer(MentionList, {
              props: { items: props.items, command: props.command },
              editor: props.editor,
            });
            const element = renderer.element as HTMLElement;
            element.style.zIndex = '1000';
            document.body.appendChild(element);
            unmount = props.mount(element);
          },
          onUpdate: (props) => {
            renderer?.updateProps({ items: props.items, command: props.command });
          },
          onKeyDown: ({ event }) => {
            if (event.key === 'Escape') {
              unmount?.();
              renderer?.element.remove();
              return true;
            }
            return renderer?.ref?.onKeyDown(event) ?? false;
          },
          onExit: () => {
            unmount?.();
            unmount = null;
            renderer?.element.remove();
            renderer?.destroy();
            renderer = null;
          },
        };
      },
    },
  });
}
