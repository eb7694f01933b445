import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

function editorWith(value: string) {
  return (
    <MantineProvider>
      <RichTextEditor value={value} onChange={() => {}} label="Description" people={[]} />
    </MantineProvider>
  );
}

describe('rich text editor', () => {
  it('takes a new value without failing while useEditor is between a destroyed editor and its next one', async () => {
    const view = render(editorWith('<p>Ask for the saffron.</p>'));
    const content = await screen.findByTestId('memo-description');
    expect(content).toHaveTextContent('Ask for the saffron.');
    // useEditor destroys an editor whose component it finds unmounted one tick later; a
    // render can still hand that instance to the effects (seen in a browser journey)
    const editor = (content as HTMLElement & { editor?: Editor }).editor;
    expect(editor).toBeDefined();
    editor?.destroy();
    expect(() => view.rerender(editorWith('<p>Ask for the pepper.</p>'))).not.toThrow();
  });
});
