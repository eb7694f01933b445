import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWidget, signIn } from '../../test/render';
import { cropToBlob, loadImage } from './photo-editor-canvas';
import { FakeXhr, attachmentFixture } from './test-support';
import { WidePictureField, type WidePictureTexts } from './wide-picture-field';

vi.mock('./photo-editor-canvas', () => ({ cropToBlob: vi.fn(), loadImage: vi.fn() }));
const natural = { width: 2400, height: 1600 };
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: {
    cropShape: string;
    aspect: number;
    onMediaLoaded: (media: Record<string, number>) => void;
    onCropComplete: (area: unknown, pixels: unknown) => void;
  }) {
    const { onMediaLoaded, onCropComplete } = props;
    useEffect(() => {
      onMediaLoaded({
        naturalWidth: natural.width,
        naturalHeight: natural.height,
        width: 240,
        height: 160,
      });
      onCropComplete({}, { x: 0, y: 0, width: 1200, height: 400 });
    }, [onMediaLoaded, onCropComplete]);
    return (
      <div data-testid="fake-cropper" data-shape={props.cropShape} data-aspect={props.aspect} />
    );
  },
}));

const texts: WidePictureTexts = {
  label: 'Banner',
  hint: 'At least 200 px high',
  upload: 'Upload banner',
  change: 'Change banner',
  remove: 'Remove banner',
  saved: 'Banner saved',
  removed: 'Banner removed',
  alt: 'Banner',
};

beforeEach(() => {
  natural.width = 2400;
  natural.height = 1600;
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

async function choose(target: 'cover' | 'banner' | 'public_picture') {
  mockApi(() => undefined);
  const onChanged = vi.fn();
  await renderWidget(
    <WidePictureField
      target={target}
      url={null}
      removeUrl={null}
      texts={texts}
      onChanged={onChanged}
      testId="field"
    />,
  );
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, new File(['raw'], 'wide.png', { type: 'image/png' }));
  return onChanged;
}

describe('cover, banner and public picture through the photo editor', { timeout: 20_000 }, () => {
  it('crops the banner as a 3:1 strip and uploads only the edited picture', async () => {
    const onChanged = await choose('banner');
    const cropper = await screen.findByTestId('fake-cropper');
    expect(cropper).toHaveAttribute('data-shape', 'rect');
    expect(cropper).toHaveAttribute('data-aspect', '3');
    expect(FakeXhr.sent).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/profile/banner']);
    expect((xhr.body!.get('file') as File).name).toBe('wide.jpg');
    xhr.respond(201, attachmentFixture({ id: 9 }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('crops the public picture round; cancelling uploads nothing', async () => {
    await choose('public_picture');
    const cropper = await screen.findByTestId('fake-cropper');
    expect(cropper).toHaveAttribute('data-shape', 'round');
    expect(cropper).toHaveAttribute('data-aspect', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('fake-cropper')).toBeNull());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a cover less high than the minimum before any upload', async () => {
    natural.height = 150;
    await choose('cover');
    expect(await screen.findByText('Image should be at least 200px height')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
