import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldSizingSupported, fitToContent, useGrowWithContent } from './grow-with-content';

/** A text box whose content is `content` px high inside `borders` px of borders. */
function box(content: number, borders = 2) {
  const element = document.createElement('textarea');
  document.body.append(element);
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => content });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => 60 });
  Object.defineProperty(element, 'offsetHeight', {
    configurable: true,
    get: () => 60 + borders,
  });
  return element;
}

function render(element: HTMLTextAreaElement, value: string) {
  const ref = { current: element };
  return renderHook(({ text }: { text: string }) => useGrowWithContent(ref, text), {
    initialProps: { text: value },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a text box growing with its text', () => {
  it('sets the height to the content and the borders', () => {
    const element = box(140, 2);
    fitToContent(element);
    expect(element.style.height).toBe('142px');
  });

  it('where the browser cannot size it: not measured while empty, measured once typed in', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const element = box(140);
    const { rerender } = render(element, '');
    expect(element.style.height).toBe('');
    rerender({ text: 'one line\nanother' });
    expect(element.style.height).toBe('142px');
  });

  it('shrinks again when the text is emptied after being typed', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const element = box(300);
    const { rerender } = render(element, '');
    rerender({ text: 'a long text' });
    expect(element.style.height).toBe('302px');
    Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => 60 });
    rerender({ text: '' });
    expect(element.style.height).toBe('62px');
  });

  it('a box that starts with text (an edit) is measured at once', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const element = box(90);
    render(element, 'the comment being edited');
    expect(element.style.height).toBe('92px');
  });

  it('leaves it to the stylesheet where field-sizing is supported', () => {
    vi.stubGlobal('CSS', { supports: (property: string) => property === 'field-sizing' });
    expect(fieldSizingSupported()).toBe(true);
    const element = box(140);
    const { rerender } = render(element, '');
    rerender({ text: 'typed' });
    expect(element.style.height).toBe('');
  });
});
