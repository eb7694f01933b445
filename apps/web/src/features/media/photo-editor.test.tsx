import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError } from '../../ui/toasts';
import type * as Toasts from '../../ui/toasts';
import { cropToBlob, loadImage } from './photo-editor-canvas';
import {
  cropRatio,
  editedFileName,
  moveByKey,
  outputSize,
  scaleOf,
  zoomOf,
} from './photo-editor-math';
import { PhotoEditor } from './photo-editor';
import { renderWidget } from '../../test/render';

vi.mock('../../ui/toasts', async (original) => ({
  ...(await original<typeof Toasts>()),
  showError: vi.fn(),
}));
vi.mock('./photo-editor-canvas', () => ({ cropToBlob: vi.fn(), loadImage: vi.fn() }));

/** What the fake cropper last received, and how large its fake picture is. */
const cropper: { props: Record<string, unknown>; natural: { w: number; h: number } } = {
  props: {},
  natural: { w: 3000, h: 2000 },
};

interface FakeProps {
  crop: { x: number; y: number };
  zoom: number;
  aspect: number;
  cropShape: string;
  keyboardStep: number;
  onCropChange: (crop: { x: number; y: number }) => void;
  onMediaLoaded: (media: Record<string, number>) => void;
  onCropComplete: (area: unknown, pixels: unknown) => void;
}

/** react-easy-crop needs real layout; this stand-in loads at once and moves by its keyboardStep like the real one. */
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: FakeProps) {
    cropper.props = props as unknown as Record<string, unknown>;
    const { onMediaLoaded, onCropComplete } = props;
    useEffect(() => {
      const { w, h } = cropper.natural;
      onMediaLoaded({ naturalWidth: w, naturalHeight: h, width: w / 10, height: h / 10 });
      onCropComplete({}, { x: 10, y: 20, width: 2000, height: 2000 });
    }, [onMediaLoaded, onCropComplete]);
    return (
      <div
        tabIndex={0}
        data-testid="fake-cropper"
        data-crop={`${props.crop.x},${props.crop.y}`}
        onKeyDown={(event) => {
          const step = props.keyboardStep;
          const { x, y } = props.crop;
          if (event.key === 'ArrowRight') props.onCropChange({ x: x + step, y });
          if (event.key === 'ArrowUp') props.onCropChange({ x, y: y - step });
        }}
      />
    );
  },
}));

describe('photo editor numbers (docs/RULES.md, Limits)', () => {
  it('zoom is 1 + scale / 50 on a 0–100 slider', () => {
    expect(zoomOf(0)).toBe(1);
    expect(zoomOf(25)).toBe(1.5);
    expect(zoomOf(50)).toBe(2);
    expect(zoomOf(100)).toBe(3);
    expect(zoomOf(150)).toBe(3);
    expect(zoomOf(-5)).toBe(1);
    expect(zoomOf(Number.NaN)).toBe(1);
    expect(scaleOf(2.2)).toBe(60);
    expect(scaleOf(9)).toBe(100);
  });

  it('arrow keys move the picture 5 px, other keys not at all', () => {
    const at = { x: 10, y: -3 };
    expect(moveByKey(at, 'ArrowLeft')).toEqual({ x: 5, y: -3 });
    expect(moveByKey(at, 'ArrowRight')).toEqual({ x: 15, y: -3 });
    expect(moveByKey(at, 'ArrowUp')).toEqual({ x: 10, y: -8 });
    expect(moveByKey(at, 'ArrowDown')).toEqual({ x: 10, y: 2 });
    expect(moveByKey(at, 'Enter')).toBe(at);
  });

  it('the output is at most 1200 px wide and keeps its proportions', () => {
    expect(outputSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(outputSize({ width: 1200, height: 1200 })).toEqual({ width: 1200, height: 1200 });
    expect(outputSize({ width: 3000, height: 2000 })).toEqual({ width: 1200, height: 800 });
    expect(outputSize({ width: 4000, height: 1000.4 })).toEqual({ width: 1200, height: 300 });
    expect(outputSize({ width: 0.2, height: 0.2 })).toEqual({ width: 1, height: 1 });
  });

  it('the crop ratio is 1 unless the shape is rect or a ratio is given', () => {
    expect(cropRatio('round')).toBe(1);
    expect(cropRatio('square')).toBe(1);
    expect(cropRatio('square', 16 / 9)).toBeCloseTo(16 / 9);
    expect(cropRatio('rect', undefined, 1.5)).toBe(1.5);
    expect(cropRatio('rect', 2, 1.5)).toBe(2);
    expect(cropRatio('rect')).toBe(1);
    expect(cropRatio('round', 0)).toBe(1);
  });

  it('edited pictures keep their name with the new extension', () => {
    expect(editedFileName('holiday.heic', 'jpg')).toBe('holiday.jpg');
    expect(editedFileName('a.b.png', 'jpg')).toBe('a.b.jpg');
    expect(editedFileName('.png', 'jpg')).toBe('picture.jpg');
  });
});

describe('PhotoEditor', () => {
  const picture = (name: string) => new File(['x'], name, { type: 'image/png' });

  beforeEach(() => {
    cropper.natural = { w: 3000, h: 2000 };
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    vi.mocked(cropToBlob).mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    vi.mocked(loadImage).mockResolvedValue({} as HTMLImageElement);
  });
  afterEach(() => vi.clearAllMocks());

  it('is ready once the crop area is set; the slider zooms, keys move 5 px; saving crops that area', async () => {
    const done = vi.fn();
    await renderWidget(
      <PhotoEditor
        files={[picture('me.png')]}
        shape="round"
        onComplete={done}
        onCancel={() => {}}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('photo-editor-step')).toHaveAttribute('data-status', 'ready'),
    );
    expect(cropper.props.cropShape).toBe('round');
    expect(cropper.props.aspect).toBe(1);
    expect(cropper.props.zoom).toBe(1);
    const thumb = screen.getByRole('slider', { name: 'Scale' });
    thumb.focus();
    fireEvent.keyDown(thumb, { key: 'End' });
    expect(cropper.props.zoom).toBe(3);
    fireEvent.keyDown(screen.getByTestId('fake-cropper'), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByTestId('fake-cropper'), { key: 'ArrowUp' });
    expect(screen.getByTestId('fake-cropper')).toHaveAttribute('data-crop', '5,-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(cropToBlob).toHaveBeenCalledWith('blob:x', { x: 10, y: 20, width: 2000, height: 2000 });
    const [files] = done.mock.calls[0] as [File[]];
    expect(files.map((file) => [file.name, file.type])).toEqual([['me.jpg', 'image/jpeg']]);
  });

  it('rect keeps the picture proportions; several files go one by one and complete after the last', async () => {
    const done = vi.fn();
    await renderWidget(
      <PhotoEditor
        files={[picture('a.png'), picture('b.png')]}
        shape="rect"
        onComplete={done}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByText('Edit picture 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(cropper.props.aspect).toBe(1.5));
    await userEvent.click(await screen.findByRole('button', { name: 'Next picture' }));
    expect(await screen.findByText('Edit picture 2 of 2')).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect((done.mock.calls[0] as [File[]])[0].map((file) => file.name)).toEqual([
      'a.jpg',
      'b.jpg',
    ]);
  });

  it('refuses a picture below the minimum height with a hint', async () => {
    cropper.natural = { w: 400, h: 100 };
    const done = vi.fn();
    await renderWidget(
      <PhotoEditor
        files={[picture('small.png')]}
        shape="square"
        minHeight={200}
        onComplete={done}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Image should be at least 200px height',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // the text button, not the dialog's × (also named "Close")
    await userEvent.click(screen.getByText('Close').closest('button')!);
    expect(done).toHaveBeenCalledWith([]);
  });

  it('a failure to make the picture shows the server-error toast and stays open', async () => {
    vi.mocked(cropToBlob).mockRejectedValue(new Error('no canvas'));
    const done = vi.fn();
    await renderWidget(
      <PhotoEditor
        files={[picture('x.png')]}
        shape="square"
        onComplete={done}
        onCancel={() => {}}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(expect.stringMatching(/server/i)));
    expect(done).not.toHaveBeenCalled();
    expect(screen.getByTestId('photo-editor-step')).toHaveAttribute('data-status', 'ready');
  });

  it('passes a picture the browser cannot show (HEIC) through unchanged for the server to convert', async () => {
    vi.mocked(loadImage).mockRejectedValue(new Error('no HEIC here'));
    const done = vi.fn();
    const heic = new File(['ftypheic'], 'IMG_1.HEIC', { type: 'image/heic' });
    await renderWidget(
      <PhotoEditor files={[heic]} shape="round" onComplete={done} onCancel={() => {}} />,
    );
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect((done.mock.calls[0] as [File[]])[0]).toEqual([heic]);
  });

  it('cancel closes without a result', async () => {
    const cancel = vi.fn();
    const done = vi.fn();
    await renderWidget(
      <PhotoEditor files={[picture('x.png')]} shape="square" onComplete={done} onCancel={cancel} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });
});
