/**
 * The group-header rule of the checklist (docs/DOMAIN.md, Validation: a line starting with ## is a
 * header). The prefix equals TODO_HEADER_PREFIX of @memoria/domain; it is written here so
 * the memo list (first screen) does not pull in the module holding the memo write schemas
 * (zod). todo-list.test.ts checks that the two agree.
 */
export const HEADER_PREFIX = '##';

export function isHeader(description: string): boolean {
  return description.trimStart().startsWith(HEADER_PREFIX);
}

export function headerText(description: string): string {
  return description.trimStart().slice(HEADER_PREFIX.length).trim();
}

/** Progress of a memo's checklist: headers do not count. */
export function progressOf(todos: { description: string; closed: boolean }[]): {
  done: number;
  total: number;
} {
  const tasks = todos.filter((todo) => !isHeader(todo.description));
  return { done: tasks.filter((todo) => todo.closed).length, total: tasks.length };
}
