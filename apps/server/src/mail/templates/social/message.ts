/** The paragraphs of a mail, with the sender's personal message between them when there is one. */
export function withMessage(
  before: string[],
  message: string | undefined | false | '',
  after: string[],
): string[] {
  return [...before, ...(message ? [message] : []), ...after];
}
