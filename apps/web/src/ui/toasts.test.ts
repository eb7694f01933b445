import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { changeLocale, initI18n } from '../i18n';
import { errorText } from './toasts';

describe('errorText: what a failed call tells the person', () => {
  beforeAll(() => initI18n('en'));

  it("shows the server's own message when it gave one, a server error included", () => {
    expect(errorText(new ApiError(422, { violations: [{ message: 'Wrong file type' }] }))).toBe(
      'Wrong file type',
    );
    expect(
      errorText(
        new ApiError(500, { message: 'Something went wrong on our side. Please try again.' }),
      ),
    ).toBe('Something went wrong on our side. Please try again.');
  });

  it('blames the server, not the connection, for an error answer without a message', () => {
    expect(errorText(new ApiError(500, {}))).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(errorText(new ApiError(503, undefined))).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(errorText(new ApiError(400, {}))).toBe('Something went wrong.');
  });

  it('says connection issue only when no answer came', () => {
    // an upload whose XHR failed on the network
    expect(errorText(new ApiError(0, undefined))).toBe('Connection issue');
    // fetch throws a TypeError when the network fails
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Connection issue');
  });

  it('says it in the chosen language', async () => {
    await changeLocale('de');
    try {
      expect(errorText(new ApiError(500, {}))).toBe(
        'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
      );
      expect(errorText(new ApiError(0, undefined))).toBe('Verbindungsproblem');
    } finally {
      await changeLocale('en');
    }
  });
});
