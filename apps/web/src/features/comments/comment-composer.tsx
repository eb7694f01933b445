import { Avatar, Button, Group, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { COMMENT_MAX, type UserSummary } from '@memoria/domain';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { fromDraft, mentionQuery, toDraft } from './mention-text';
import { useGrowWithContent } from '../../ui/grow-with-content';
import { useMentionable } from './queries';
import classes from './comments.module.css';

const SUGGESTIONS_SHOWN = 6;

function matching(people: UserSummary[], query: string): UserSummary[] {
  const needle = query.toLocaleLowerCase();
  return people
    .map((person) => ({ person, at: person.name.toLocaleLowerCase().indexOf(needle) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at || a.person.name.localeCompare(b.person.name))
    .slice(0, SUGGESTIONS_SHOWN)
    .map(({ person }) => person);
}

export interface CommentComposerProps {
  /** the memo commented on: its suggestions are the viewer's connections who see its comments */
  memoId: number;
  /** the stored text when editing */
  initial?: string;
  placeholder: string;
  submitLabel: string;
  busy?: boolean;
  autoFocus?: boolean;
  /** sends the text with mention tokens; resolves when saved (the box then empties) */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  testId?: string;
}

/**
 * The comment text box: typing @ and at least two letters suggests the viewer's
 * connections who would see the comment (arrows move, Enter or Tab picks, Escape closes); a
 * picked person shows as @Name and is sent as a mention. Ctrl+Enter (or ⌘+Enter) sends.
 */
export function CommentComposer({
  memoId,
  initial = '',
  placeholder,
  submitLabel,
  busy = false,
  autoFocus = false,
  onSubmit,
  onCancel,
  testId = 'comment-composer',
}: CommentComposerProps) {
  const { t } = useTranslation();
  const start = useMemo(() => toDraft(initial), [initial]);
  const [draft, setDraft] = useState(start.draft);
  const [chosen, setChosen] = useState<UserSummary[]>(start.people);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  /** where the caret goes once a picked mention is in the text */
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = pendingCaret.current;
    if (position === null || !box.current) return;
    pendingCaret.current = null;
    box.current.focus();
    box.current.setSelectionRange(position, position);
  });
  // three rows empty, up to twelve with text, drawn by CSS (no measuring on mount)
  useGrowWithContent(box, draft);
  const listId = useId();
  const people = useMentionable(memoId).data ?? [];

  const query = mentionQuery(draft, caret);
  const open = query !== null && dismissed !== query.start;
  const suggestions = open ? matching(people, query.query) : [];
  const text = fromDraft(draft, chosen);
  const tooLong = text.length > COMMENT_MAX;

  const pick = (person: UserSummary) => {
    if (!query) return;
    const before = draft.slice(0, query.start);
    const after = draft.slice(caret);
    const inserted = `@${person.name} `;
    const next = before + inserted + after;
    setDraft(next);
    setChosen((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    const position = before.length + inserted.length;
    setCaret(position);
    setActive(0);
    pendingCaret.current = position;
    // this @ is done: it does not suggest again while the text goes on after the name
    setDismissed(query.start);
  };

  const submit = async () => {
    if (busy || text.trim() === '' || tooLong) return;
    try {
      await onSubmit(text);
      setDraft('');
      setChosen([]);
      setCaret(0);
    } catch {
      // the caller showed the error; the text stays for another try
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const person = suggestions[Math.min(active, suggestions.length - 1)];
        if (person) pick(person);
        return;
      }
    }
    // Escape closes the popup first, with or without suggestions ("No connection matches."),
    // and only that: a second Escape cancels the edit or the answer.
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setDismissed(query.start);
      return;
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const activeId = suggestions.length > 0 ? `${listId}-${active}` : undefined;

  return (
    <Stack gap={6} data-testid={testId}>
      <div className={classes.composer}>
        <Textarea
          ref={box}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={placeholder}
          rows={3}
          classNames={{ input: classes.input }}
          autoFocus={autoFocus}
          error={tooLong ? t('engagement.comments.tooLong', { max: COMMENT_MAX }) : undefined}
          // a multi-line text box that suggests (not a combobox: a textarea may not be one)
          aria-controls={suggestions.length > 0 ? listId : undefined}
          aria-activedescendant={activeId}
          aria-autocomplete="list"
          data-testid="comment-input"
        />
        {open && (
          <Paper
            withBorder
            shadow="md"
            className={classes.suggestions}
            id={listId}
            role="listbox"
            aria-label={t('engagement.comments.mentionSuggestions')}
            data-testid="mention-suggestions"
          >
            {suggestions.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                {t('engagement.comments.noMatches')}
              </Text>
            ) : (
              suggestions.map((person, index) => (
                <UnstyledButton
                  key={person.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={classes.option}
                  data-active={index === active || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(person)}
                  tabIndex={-1}
                  data-testid="mention-option"
                >
                  <Avatar src={person.picture} size={24} radius="xl">
                    {person.label}
                  </Avatar>
                  <Text size="sm">{person.name}</Text>
                </UnstyledButton>
              ))
            )}
          </Paper>
        )}
      </div>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('engagement.comments.sendHint')}
        </Text>
        <Group gap="xs">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
              {t('engagement.comments.cancel')}
            </Button>
          )}
          <Button
            size="xs"
            onClick={() => void submit()}
            loading={busy}
            disabled={text.trim() === '' || tooLong}
            data-testid="comment-submit"
          >
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
