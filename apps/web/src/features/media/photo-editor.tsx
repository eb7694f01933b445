import { Alert, Box, Button, Group, Loader, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconZoomIn } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from '../../i18n';
import { showError } from '../../ui/toasts';
import { cropToBlob, loadImage } from './photo-editor-canvas';
import {
  EDITOR_KEY_STEP,
  SCALE_MAX,
  SCALE_MIN,
  cropRatio,
  editedFileName,
  zoomOf,
  type Area,
  type EditorShape,
  type Point,
} from './photo-editor-math';

export type { EditorShape } from './photo-editor-math';

export interface PhotoEditorProps {
  /** the pictures to edit, one after another; the editor is open while there are any */
  files: File[];
  shape: EditorShape;
  /** crop ratio (width / height); default 1, or the picture's own for rect */
  ratio?: number;
  /**
   * pictures less high than this are refused with a hint (docs/DOMAIN.md, Validation: image upload)
   */
  minHeight?: number;
  /** after the last file: the edited pictures (files refused as too small are left out) */
  onComplete: (edited: File[]) => void;
  onCancel: () => void;
}

type Status = 'loading' | 'ready' | 'saving' | 'tooSmall';

/**
 * The photo editor (docs/DOMAIN.md, States, Validation; docs/RULES.md, Limits; react-easy-crop):
 * loading until the crop area is set, then ready; scale slider 0–100 (zoom = 1 + scale / 50), arrow
 * keys move the picture 5 px, output at most 1200 px wide. With several files it goes through them
 * one by one and completes after the last.
 */
export function PhotoEditor({
  files,
  shape,
  ratio,
  minHeight,
  onComplete,
  onCancel,
}: PhotoEditorProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const edited = useRef<File[]>([]);
  const open = files.length > 0;

  useEffect(() => {
    // A new batch starts from its first file.
    setIndex(0);
    edited.current = [];
  }, [files]);

  const file = files[index];
  const multi = files.length > 1;

  const advance = (result: File | null) => {
    if (result) edited.current = [...edited.current, result];
    if (index + 1 < files.length) {
      setIndex(index + 1);
      return;
    }
    const done = edited.current;
    edited.current = [];
    setIndex(0);
    onComplete(done);
  };

  return (
    <Modal
      opened={open}
      onClose={onCancel}
      size="lg"
      title={
        multi
          ? t('media.photoEditor.titleOf', { index: index + 1, total: files.length })
          : t('media.photoEditor.title')
      }
      data-testid="photo-editor"
    >
      {file && (
        <EditorStep
          key={`${index}:${file.name}`}
          file={file}
          shape={shape}
          ratio={ratio}
          minHeight={minHeight}
          last={index + 1 >= files.length}
          onDone={advance}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function EditorStep({
  file,
  shape,
  ratio,
  minHeight,
  last,
  onDone,
  onCancel,
}: {
  file: File;
  shape: EditorShape;
  ratio?: number;
  minHeight?: number;
  last: boolean;
  onDone: (result: File | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [status, setStatus] = useState<Status>('loading');
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [scale, setScale] = useState(SCALE_MIN);
  const [natural, setNatural] = useState<number | undefined>(undefined);
  const area = useRef<Area | null>(null);

  useEffect(() => {
    let live = true;
    // A picture the browser cannot show (HEIC outside Safari) goes up as it is: the server
    // decodes it and makes the variants, uncropped.
    loadImage(url).catch(() => {
      if (live) onDone(file);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per picture
  }, [url]);

  const save = async () => {
    if (!area.current) return;
    setStatus('saving');
    try {
      const blob = await cropToBlob(url, area.current);
      onDone(new File([blob], editedFileName(file.name, 'jpg'), { type: 'image/jpeg' }));
    } catch {
      // docs/API.md, Errors: a photo-editor failure shows the server-error toast.
      showError(t('errors.page.server'));
      setStatus('ready');
    }
  };

  const busy = status === 'loading' || status === 'saving';
  return (
    <Stack gap="sm" data-testid="photo-editor-step" data-status={status}>
      <Box
        pos="relative"
        h={{ base: 280, sm: 360 }}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        aria-label={t('media.photoEditor.area')}
        role="group"
      >
        {status === 'loading' && (
          <Group pos="absolute" inset={0} justify="center" style={{ zIndex: 2 }}>
            <Loader aria-label={t('media.photoEditor.loading')} />
          </Group>
        )}
        {status !== 'tooSmall' && (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoomOf(scale)}
            minZoom={zoomOf(SCALE_MIN)}
            maxZoom={zoomOf(SCALE_MAX)}
            aspect={cropRatio(shape, ratio, natural)}
            cropShape={shape === 'round' ? 'round' : 'rect'}
            keyboardStep={EDITOR_KEY_STEP}
            zoomWithScroll={false}
            onCropChange={setCrop}
            onMediaLoaded={(media) => {
              if (minHeight !== undefined && media.naturalHeight < minHeight) {
                setStatus('tooSmall');
                return;
              }
              setNatural(media.naturalWidth / media.naturalHeight);
            }}
            onCropComplete={(_, pixels) => {
              area.current = pixels;
              setStatus((current) => (current === 'loading' ? 'ready' : current));
            }}
          />
        )}
      </Box>
      {status === 'tooSmall' ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('media.photoEditor.tooSmall', { height: minHeight })}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Group gap={6}>
            <IconZoomIn size={16} aria-hidden />
            <Text size="sm" id="photo-editor-scale">
              {t('media.photoEditor.scale')}
            </Text>
          </Group>
          <Slider
            min={SCALE_MIN}
            max={SCALE_MAX}
            step={1}
            value={scale}
            onChange={setScale}
            disabled={busy}
            thumbLabel={t('media.photoEditor.scale')}
            data-testid="photo-editor-scale"
          />
          <Text size="xs" c="dimmed">
            {t('media.photoEditor.keys')}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={status === 'saving'}>
          {t('media.photoEditor.cancel')}
        </Button>
        {status === 'tooSmall' ? (
          <Button onClick={() => onDone(null)}>
            {t(last ? 'media.photoEditor.close' : 'media.photoEditor.skip')}
          </Button>
        ) : (
          <Button
            onClick={() => void save()}
            loading={status === 'saving'}
            disabled={status === 'loading'}
            data-testid="photo-editor-save"
          >
            {t(last ? 'media.photoEditor.save' : 'media.photoEditor.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
