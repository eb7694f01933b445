import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  Popover,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconBold, IconItalic, IconLink, IconList, IconListNumbers } from '@tabler/icons-react';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { UserSummary } from '@memoria/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Hashtag } from './hashtag';
import { mentionExtension } from './mention';
import classes from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  placeholder?: string;
  error?: ReactNode;
  /** people offered after @ (may arrive later) */
  people: UserSummary[];
}

/** An empty document reads as no description. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function ToolButton({
  label,
  active,
  onClick,
  children,
  expanded,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
  /** for a button that opens a dialog: whether it is open */
  expanded?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={active}
        aria-haspopup={expanded === undefined ? undefined : 'dialog'}
        aria-expanded={expanded}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The memo description editor (TipTap, a lazy chunk): StarterKit (headings 1-4, lists,
 * quotes, code, links), @mentions of connections linking to /profile/{id}, and #hashtags
 * linking to /?search=tag. The value is HTML; the server sanitises it again.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  error,
  people,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const peopleRef = useRef(people);
  peopleRef.current = people;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
      Hashtag,
      mentionExtension(() => peopleRef.current),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'memo-description',
        class: classes.content ?? '',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // A value set from outside (a reset) replaces the document. useEditor may hand over an
  // instance it has just destroyed (the component unmounted and mounted again within its
  // destruction tick); it renders again with a new one, so that one is left alone.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');

  const toggleLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    setHref('https://');
    setLinkOpen(true);
  };

  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const target = href.trim();
    setLinkOpen(false);
    if (!editor || !target || target === 'https://') return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: target }).run();
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <Paper withBorder radius="sm" mt={4} className={classes.frame} data-error={Boolean(error)}>
        <Group
          gap={2}
          p={4}
          className={classes.toolbar}
          role="toolbar"
          aria-label={t('memos.editor.toolbar')}
        >
          <ToolButton
            label={t('memos.editor.bold')}
            active={state?.bold ?? false}
            onClick={() => editor?.chain().focus().toggleBold().run()}
          >
            <IconBold size={16} />
          </ToolButton>
          <ToolButton
            label={t('memos.editor.italic')}
            active={state?.italic ?? false}
            onClick={() => editor?.chain().focus().toggleItalic().run()}
          >
            <IconItalic size={16} />
          </ToolButton>
          <ToolButton
            label={t('memos.editor.bulletList')}
            active={state?.bullet ?? false}
            onClick={() => editor?.chain().focus().toggleBulletList().run()}
          >
            <IconList size={16} />
          </ToolButton>
          <ToolButton
            label={t('memos.editor.orderedList')}
            active={state?.ordered ?? false}
            onClick={() => editor?.chain().focus().toggleOrderedList().run()}
          >
            <IconListNumbers size={16} />
          </ToolButton>
          <Popover
            opened={linkOpen}
            onChange={setLinkOpen}
            trapFocus
            withinPortal
            zIndex={400}
            position="bottom-start"
            shadow="md"
            // The target is a wrapper (the tooltip holds the button): the popup attributes
            // go on the button itself, a div may not carry aria-expanded.
            withRoles={false}
          >
            <Popover.Target>
              <div>
                <ToolButton
                  label={t('memos.editor.link')}
                  active={state?.link ?? false}
                  onClick={toggleLink}
                  expanded={linkOpen}
                >
                  <IconLink size={16} />
                </ToolButton>
              </div>
            </Popover.Target>
            <Popover.Dropdown>
              <form onSubmit={applyLink} noValidate>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('memos.editor.linkPrompt')}
                    type="url"
                    value={href}
                    onChange={(event) => setHref(event.currentTarget.value)}
                    data-autofocus
                    w={240}
                    data-testid="link-href"
                  />
                  <Button type="submit" data-testid="link-apply">
                    {t('memos.editor.linkApply')}
                  </Button>
                </Group>
              </form>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <EditorContent editor={editor} />
      </Paper>
    </Input.Wrapper>
  );
}
