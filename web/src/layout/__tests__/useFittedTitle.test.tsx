// @vitest-environment jsdom
/**
 * The phone's top bar title: a size smaller at a time while it spills past its box (a word wider
 * than the room, a third line), back to the largest for a new title; nothing on wider windows.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { overflows, TITLE_SIZES, useFittedTitle } from '../useFittedTitle';

/** jsdom lays nothing out: a title box 100 px wide, whose text is 8 px a character at 14 px. */
function measure(element: HTMLElement) {
  const size = Number(element.dataset.size);
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: 100 });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => Math.round(((element.textContent ?? '').length * 8 * size) / 14) });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: 34 });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 34 });
}

function Title({ title, phone }: { title: string; phone: boolean }) {
  const { ref, step } = useFittedTitle(title, phone);
  return (
    <h1
      ref={(element) => {
        if (element) {
          element.dataset.size = String(TITLE_SIZES[step]);
          measure(element);
        }
        ref.current = element;
      }}
      data-step={step}
    >
      {title}
    </h1>
  );
}

afterEach(() => document.body.replaceChildren());

describe('useFittedTitle', () => {
  it('keeps the largest size for a title that fits', () => {
    const { container } = render(<Title title="Cassa" phone />);
    expect(container.querySelector('h1')?.dataset.step).toBe('0');
  });

  it('steps down while the title spills, and stops at the smallest', () => {
    // 13 characters: 104 px at 14 px, 97 px at 13 px
    const { container, rerender } = render(<Title title="collaboratore" phone />);
    expect(container.querySelector('h1')?.dataset.step).toBe('1');
    // 15 characters: 120 px at 14, 111 at 13, 103 at 12: the smallest, which then breaks the word
    rerender(<Title title="Amministratrice" phone />);
    expect(container.querySelector('h1')?.dataset.step).toBe(String(TITLE_SIZES.length - 1));
    rerender(<Title title="Cassa" phone />);
    expect(container.querySelector('h1')?.dataset.step).toBe('0');
  });

  it('leaves the title alone on a wider window', () => {
    const { container } = render(<Title title="Amministratrice" phone={false} />);
    expect(container.querySelector('h1')?.dataset.step).toBe('0');
  });

  it('reads a clamped line as spilling too', () => {
    const element = document.createElement('h1');
    Object.defineProperty(element, 'clientWidth', { value: 100 });
    Object.defineProperty(element, 'scrollWidth', { value: 100 });
    Object.defineProperty(element, 'clientHeight', { value: 34 });
    Object.defineProperty(element, 'scrollHeight', { value: 51 });
    expect(overflows(element)).toBe(true);
  });
});
