import { afterEach, describe, expect, it } from 'vitest';
import { labelMeasuringTextarea } from './autosize-label';

function measuringTextarea(): HTMLTextAreaElement {
  const textarea = document.createElement('textarea');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.setAttribute('aria-label', 'autosize measurement');
  document.body.appendChild(textarea);
  return textarea;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("Mantine's measuring textarea", () => {
  it('takes the label in the user language, and again when the language changes', () => {
    const textarea = measuringTextarea();
    labelMeasuringTextarea(document.body, 'Messfeld für die Textgröße');
    expect(textarea.getAttribute('aria-label')).toBe('Messfeld für die Textgröße');
    labelMeasuringTextarea(document.body, 'Pole pomiaru rozmiaru tekstu');
    expect(textarea.getAttribute('aria-label')).toBe('Pole pomiaru rozmiaru tekstu');
  });

  it("leaves the app's own textareas alone", () => {
    const own = document.createElement('textarea');
    own.setAttribute('aria-label', 'Comment');
    document.body.appendChild(own);
    labelMeasuringTextarea(document.body, 'Messfeld für die Textgröße');
    expect(own.getAttribute('aria-label')).toBe('Comment');
  });
});
