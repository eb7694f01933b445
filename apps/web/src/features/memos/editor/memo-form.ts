import dayjs from 'dayjs';
import { LIMITS, type Location, type Memo, type MemoWrite } from '@memoria/domain';
import { isApiError } from '../../../api/errors';
import type { MemoDraft } from '../memo-editor-launcher';
import { fromServer, toWrite, type TodoDraft } from '../todo-list';

/** The memo editor's values (docs/DOMAIN.md, Validation). */
export interface MemoFormValues {
  title: string;
  /** HTML from the rich text editor; '' when empty */
  description: string;
  todos: TodoDraft[];
  tags: string[];
  /** chosen collection ids; the first is the memo's own */
  collections: string[];
  /** pinned on top of the first chosen collection */
  pinned: boolean;
  location: Location | null;
  /** ISO 8601 with offset */
  event: string | null;
  /** ISO 8601 with offset: publication time (needs the silver rule) */
  schedule: string | null;
  /** YYYY-MM-DD */
  due: string | null;
}

export type MemoFormField = keyof MemoFormValues;

export function initialValues(memo: Memo | undefined, draft: MemoDraft = {}): MemoFormValues {
  if (memo) {
    const first = memo.memos_per_collection[0];
    return {
      title: memo.title,
      description: memo.description ?? '',
      todos: fromServer(memo.memo_todos),
      tags: [...memo.memo_tags],
      collections: memo.memos_per_collection.map((link) => link.collection.id),
      pinned: first ? first.sequence_number === 1 : memo.sequence_number === 1,
      location: memo.location,
      event: memo.date_event,
      schedule: memo.isScheduled ? memo.memo_scheduled : null,
      due: memo.date_todo_due ? dayjs(memo.date_todo_due).format('YYYY-MM-DD') : null,
    };
  }
  return {
    title: draft.title ?? '',
    description: draft.description ?? '',
    todos: [],
    tags: [],
    collections: draft.collectionId ? [draft.collectionId] : [],
    pinned: false,
    location: null,
    event: null,
    schedule: null,
    due: null,
  };
}

export interface ValidationTexts {
  titleRequired: string;
  titleTooLong: string;
  collectionRequired: string;
  scheduledDateLessNow: string;
}

/** Client checks before saving; the server repeats them (422 on the same fields). */
export function validate(
  values: MemoFormValues,
  texts: ValidationTexts,
  now = dayjs(),
): Partial<Record<MemoFormField, string>> {
  const errors: Partial<Record<MemoFormField, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = texts.titleRequired;
  else if (Array.from(title).length > LIMITS.memoTitleMax) errors.title = texts.titleTooLong;
  if (values.collections.length === 0) errors.collections = texts.collectionRequired;
  if (values.schedule && !dayjs(values.schedule).isAfter(now)) {
    errors.schedule = texts.scheduledDateLessNow;
  }
  return errors;
}

const collectionIri = (id: string) => `/api/collection/${id}`;

/** The body of POST /api/memo and PUT /api/memo/{id}. */
export function toPayload(values: MemoFormValues): MemoWrite {
  const todos = toWrite(values.todos);
  return {
    title: values.title.trim(),
    description: values.description.trim() ? values.description : null,
    memos_per_collection: values.collections.map((id, index) => ({
      collection: collectionIri(id),
      sequence_number: index === 0 && values.pinned ? 1 : 0,
    })),
    memo_todos: todos,
    memo_tags: values.tags.map((tag) => tag.replace(/^#/, '').trim()).filter(Boolean),
    isScheduled: Boolean(values.schedule),
    memo_scheduled: values.schedule,
    date_event: values.event,
    date_todo_due: values.due ? dayjs(values.due).startOf('day').format() : null,
    location: values.location,
    todo: todos.length > 0,
  };
}

/** A server violation's propertyPath → the editor field that shows it. */
export function fieldOfViolation(path: string): MemoFormField | null {
  const root = path.replace(/\[\d+\].*$/, '').split('.')[0] ?? '';
  switch (root) {
    case 'title':
      return 'title';
    case 'description':
      return 'description';
    case 'memos_per_collection':
    case 'collection':
      return 'collections';
    case 'memo_todos':
    case 'todo':
      return 'todos';
    case 'memo_tags':
      return 'tags';
    case 'memo_scheduled':
    case 'isScheduled':
      return 'schedule';
    case 'date_event':
      return 'event';
    case 'date_todo_due':
      return 'due';
    case 'location':
      return 'location';
    default:
      return null;
  }
}

/**
 * A 422 answer's violations as field errors (first message per field) plus the messages
 * that fit no field (shown as a toast). Null when the error is not a 422.
 */
export function violationsOf(error: unknown): {
  fields: Partial<Record<MemoFormField, string>>;
  other: string[];
} | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const list =
    (error.body as { violations?: { propertyPath?: string; message?: string }[] } | null)
      ?.violations ?? [];
  const fields: Partial<Record<MemoFormField, string>> = {};
  const other: string[] = [];
  for (const violation of list) {
    const message = violation.message ?? '';
    const field = fieldOfViolation(violation.propertyPath ?? '');
    if (field) fields[field] ??= message;
    else if (message) other.push(message);
  }
  return { fields, other };
}

/** Whether the values differ from where the editor started (for the unsaved-changes guard). */
export function isChanged(values: MemoFormValues, start: MemoFormValues): boolean {
  return JSON.stringify(toPayload(values)) !== JSON.stringify(toPayload(start));
}
