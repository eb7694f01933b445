import type { Memo } from '@memoria/domain';
import { Suspense, lazy, useEffect, useId, useSyncExternalStore } from 'react';
import { loadChunk } from '../../ui/lazy-page';
import { loadNamespaces } from '../../i18n';

/** A memo to start from when creating one (dropped files, a collection page's button). */
export interface MemoDraft {
  title?: string;
  description?: string;
  collectionId?: string;
  /** files dropped on the page: shown as pending until media uploads exist */
  files?: { name: string; size: number; type: string }[];
}

export interface EditorRequest {
  memo?: Memo;
  draft?: MemoDraft;
}

let request: EditorRequest | null = null;
const listeners = new Set<() => void>();
const hosts: string[] = [];

function emit() {
  for (const listener of listeners) listener();
}

/** Opens the memo editor modal: a memo to edit, or a new memo (optionally from a draft). */
export function openMemoEditor(next: EditorRequest = {}): void {
  request = next;
  emit();
}

export function closeMemoEditor(): void {
  request = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The editor shows memo, attachment and collection texts: they load with its chunk.
const importEditor = () =>
  Promise.all([
    import('./editor/memo-editor-modal'),
    loadNamespaces('memos', 'media', 'collections'),
  ]).then(([module]) => module);

/** Starts loading the editor's chunk (hover or focus of a "new memo" button). */
export function preloadMemoEditor(): void {
  void importEditor().catch(() => {});
}
const MemoEditorModal = lazy(() =>
  loadChunk(importEditor).then((m) => ({ default: m.MemoEditorModal })),
);

/**
 * Where the editor modal mounts (the editor, TipTap and the pickers are lazy chunks).
 * Memo lists and the memo page each place a host; only the first one mounted renders.
 */
export function MemoEditorHost() {
  const id = useId();
  const current = useSyncExternalStore(subscribe, () => request);
  useEffect(() => {
    hosts.push(id);
    emit();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      emit();
    };
  }, [id]);
  const active = useSyncExternalStore(subscribe, () => hosts[0] === id);
  if (!active || !current) return null;
  return (
    <Suspense fallback={null}>
      <MemoEditorModal request={current} onClose={closeMemoEditor} />
    </Suspense>
  );
}
