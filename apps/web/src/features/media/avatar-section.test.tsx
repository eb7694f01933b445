import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn, renderWidget } from '../../test/render';
import { showSuccess } from '../../ui/toasts';
import type * as Toasts from '../../ui/toasts';
import { AvatarSection } from './avatar-section';
import { cropToBlob, loadImage } from './photo-editor-canvas';
import { FakeXhr, attachmentFixture } from './test-support';

vi.mock('./photo-editor-canvas', () => ({ cropToBlob: vi.fn(), loadImage: vi.fn() }));
vi.mock('../../ui/toasts', async (original) => ({
  ...(await original<typeof Toasts>()),
  showSuccess: vi.fn(),
}));
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: {
    cropShape: string;
    onMediaLoaded: (media: Record<string, number>) => void;
    onCropComplete: (area: unknown, pixels: unknown) => void;
  }) {
    const { onMediaLoaded, onCropComplete } = props;
    useEffect(() => {
      onMediaLoaded({ naturalWidth: 2400, naturalHeight: 1600, width: 240, height: 160 });
      onCropComplete({}, { x: 0, y: 0, width: 1600, height: 1600 });
    }, [onMediaLoaded, onCropComplete]);
    return <div data-testid="fake-cropper" data-shape={props.cropShape} />;
  },
}));

const user = (picture: string | null) => ({
  user_picture: picture ? { content_url: picture } : null,
  user_profile: { name: 'Ada Lovelace' } as never,
});

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
  );
  vi.mocked(cropToBlob).mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
  vi.mocked(loadImage).mockResolvedValue({} as HTMLImageElement);
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('account picture', { timeout: 20_000 }, () => {
  it('crops the chosen picture round in the photo editor and uploads the result to /api/user/picture', async () => {
    mockApi(() => undefined);
    const { queryClient } = await renderWidget(<AvatarSection user={user(null)} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByText('AL')).toBeInTheDocument();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['raw'], 'portrait.heic', { type: 'image/heic' }));
    expect(await screen.findByTestId('fake-cropper')).toHaveAttribute('data-shape', 'round');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/user/picture']);
    expect((xhr.body!.get('file') as File).name).toBe('portrait.jpg');
    xhr.respond(201, attachmentFixture({ id: 5 }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['profile'] }));
    expect(showSuccess).toHaveBeenCalledWith('Profile picture saved');
  });

  it('removes the picture with DELETE /api/user/picture', async () => {
    const calls = mockApi((url, init) =>
      url.endsWith('/api/user/picture') && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderWidget(<AvatarSection user={user('/api/user/photo/3?variant=550w')} />);
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() =>
      expect(calls.map((call) => [call.method, call.url])).toContainEqual([
        'DELETE',
        expect.stringMatching(/\/api\/user\/picture$/),
      ]),
    );
  });
});
