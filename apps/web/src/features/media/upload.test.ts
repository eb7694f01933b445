import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '../../api/client';
import type { ApiError } from '../../api/errors';
import { getSession, resetSessionCache, setSession } from '../../api/session';
import { json } from '../../test/render';
import { FakeXhr, attachmentFixture } from './test-support';
import { uploadFile } from './upload';

const onExpired = vi.fn();
const refreshes: unknown[] = [];

/** The refresh call goes through fetch, like every other call of the API client. */
function answerRefresh(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/token/refresh') return json(404, {});
      refreshes.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
}

/** Lets the upload's promise chain reach its next XMLHttpRequest. */
const nextSent = (count: number) => vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count));

beforeEach(() => {
  FakeXhr.sent = [];
  refreshes.length = 0;
  onExpired.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  resetSessionCache();
  configureClient({ getLocale: () => 'de', onSessionExpired: onExpired, baseUrl: '' });
  setSession({ token: 'OLD', refreshToken: 'R1', kind: 'full' });
});

afterEach(() => vi.unstubAllGlobals());

const request = (onProgress: (share: number) => void) => ({
  file: new File(['x'], 'a.jpg'),
  kind: 'photo' as const,
  target: 'memo' as const,
  onProgress,
  signal: new AbortController().signal,
});

describe('uploadFile under the session rules', () => {
  it('after a 401 refreshes the token once, sends the file again and starts its progress over', async () => {
    answerRefresh(() => json(200, { token: 'NEW', refresh_token: 'R2' }));
    const progress: number[] = [];
    const done = uploadFile(request((share) => progress.push(share)));

    await nextSent(1);
    const first = FakeXhr.sent[0]!;
    expect(first.headers).toMatchObject({ authorization: 'Bearer OLD', 'accept-language': 'de' });
    first.progress(50, 100);
    first.respond(401, { message: 'expired' });

    await nextSent(2);
    const second = FakeXhr.sent[1]!;
    expect(second.url).toBe('/api/memo/photo');
    expect(second.headers.authorization).toBe('Bearer NEW');
    second.progress(100, 100);
    const attachment = attachmentFixture({ id: 5 });
    second.respond(201, attachment);

    await expect(done).resolves.toEqual(attachment);
    expect(refreshes).toEqual([{ refresh_token: 'R1' }]);
    expect(progress).toEqual([0.5, 0, 1]);
    expect(getSession()).toMatchObject({ token: 'NEW', refreshToken: 'R2' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails, without sending again', async () => {
    answerRefresh(() => json(401, { message: 'revoked' }));
    const done = uploadFile(request(() => {}));
    await nextSent(1);
    FakeXhr.sent[0]!.respond(401, { message: 'expired' });

    await expect(done).rejects.toMatchObject({ status: 401 } satisfies Partial<ApiError>);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledOnce();
    expect(getSession()).toBeNull();
  });
});
