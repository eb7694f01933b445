import { lazy, Suspense } from 'react';
import type { PhotoEditorProps } from './photo-editor';

const PhotoEditor = lazy(() =>
  import('./photo-editor').then((module) => ({ default: module.PhotoEditor })),
);

/** The photo editor, loaded (with react-easy-crop) only once there is a picture to edit. */
export function LazyPhotoEditor(props: PhotoEditorProps) {
  if (props.files.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PhotoEditor {...props} />
    </Suspense>
  );
}
