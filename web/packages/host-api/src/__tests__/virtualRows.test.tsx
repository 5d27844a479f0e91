// @vitest-environment jsdom
/**
 * VirtualRows measures the rows that attach its `measure` props: a tall card gets its own height
 * and pushes the next ones down, a card that grows makes the list longer, the same size measured
 * again renders nothing, and coming back places the rows at their measured heights at once.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLists, rememberedList, rememberList } from '../listMemory';
import VirtualRows, { type RowMeasure } from '../VirtualRows';
import { stubLayoutApis } from './layoutStubs';

interface Row {
  _id: string;
  /** The height the row's content takes (what the browser would measure). */
  h: number;
}

/** ResizeObservers that report what a test says, as the browser would after a layout. */
const observers = new Set<{ callback: ResizeObserverCallback; targets: Set<Element> }>();
class FakeResizeObserver {
  private readonly entry: { callback: ResizeObserverCallback; targets: Set<Element> };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: new Set() };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
}

/** The row's content now takes `h` px: the observers watching it say so. */
function resize(row: HTMLElement, h: number) {
  row.dataset.h = String(h);
  const entry = { target: row, borderBoxSize: [{ blockSize: h, inlineSize: 300 }] } as unknown as ResizeObserverEntry;
  act(() => {
    for (const { callback, targets } of observers) if (targets.has(row)) callback([entry], {} as ResizeObserver);
  });
}

const offsetOf = (row: HTMLElement) => Number(/translateY\(([-\d.]+)px\)/.exec(row.style.transform)?.[1]);
const rowgroupHeight = () => parseFloat(screen.getByRole('rowgroup').style.height);
const card = (id: string) => document.querySelector<HTMLElement>(`[data-id="${id}"]`)!;

function show(rows: Row[], renderRow = vi.fn(cardOf)) {
  const view = render(<VirtualRows rows={rows} listKey="prove" rowHeight={60} renderRow={renderRow} />);
  return { ...view, renderRow };
}

function cardOf(row: Row, _index: number, offset: number, measure: RowMeasure): ReactNode {
  return (
    <div key={row._id} {...measure} role="row" data-id={row._id} data-h={row.h} className="sp-grid sp-row" style={{ transform: `translateY(${offset}px)` }}>
      {row._id}
    </div>
  );
}

const rowsOf = (count: number, tall: Record<number, number> = {}): Row[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `q${i}`, h: tall[i] ?? 100 }));

beforeEach(() => {
  stubLayoutApis(24.375); // a phone: the rows are cards, 120 px until measured
  window.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // jsdom lays nothing out: a row is as tall as its content says
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return Number(this.dataset.h ?? 0);
    },
  });
});

afterEach(() => {
  cleanup(); // before forgetting: an unmounted list remembers its heights
  forgetLists();
  observers.clear();
});

describe('VirtualRows measures its rows', () => {
  it('gives a tall card its measured height and starts the next card below it', () => {
    show(rowsOf(1000, { 1: 310 }));
    expect(offsetOf(card('q0'))).toBe(0);
    expect(offsetOf(card('q1'))).toBe(100);
    expect(offsetOf(card('q2'))).toBe(410);
    expect(offsetOf(card('q3'))).toBe(510);
    // the measured rows (every one rendered, at least) at their height, the others at the
    // card's estimate (twice rowHeight)
    const rendered = document.querySelectorAll('[data-index]').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    const shorter = (310 + 999 * 120 - rowgroupHeight()) / 20; // rows of 100 px, not 120
    expect(Number.isInteger(shorter)).toBe(true);
    expect(shorter).toBeGreaterThanOrEqual(rendered - 1);
    expect(shorter).toBeLessThan(60);
  });

  it('makes the list longer when a card grows, and renders nothing for the same size again', () => {
    const { renderRow } = show(rowsOf(1000));
    const before = rowgroupHeight();
    resize(card('q3'), 250);
    expect(rowgroupHeight()).toBe(before + 150);
    expect(offsetOf(card('q4'))).toBe(3 * 100 + 250);

    const calls = renderRow.mock.calls.length;
    resize(card('q3'), 250);
    resize(card('q4'), 100);
    expect(renderRow.mock.calls.length).toBe(calls);
  });

  it('settles in a few renders however many rows it measures', () => {
    const { renderRow } = show(rowsOf(10_000, { 0: 200, 5: 400 }));
    const rendered = document.querySelectorAll('[data-index]').length;
    // the first render with the estimate, one more with the measured heights
    expect(renderRow.mock.calls.length).toBeLessThanOrEqual(rendered * 3);
    expect(rowgroupHeight()).toBeLessThan(10_000 * 120 + 1000);
  });

  it('keeps a row that does not attach the measure props at the fixed height', () => {
    show(rowsOf(100, { 1: 310 }), vi.fn((row: Row, _i: number, offset: number) => (
      <div key={row._id} role="row" data-id={row._id} data-h={row.h} style={{ transform: `translateY(${offset}px)` }} />
    )));
    expect(offsetOf(card('q2'))).toBe(240);
    expect(rowgroupHeight()).toBe(100 * 120);
  });

  it('remembers the measured heights, so coming back places the rows at once', () => {
    const rows = rowsOf(1000, { 1: 310 });
    show(rows).unmount();
    expect(rememberedList('prove', null).sizes?.items.length).toBeGreaterThan(10);

    const offsets: Record<string, number> = {};
    show(rows, vi.fn((row: Row, index: number, offset: number, measure: RowMeasure) => {
      offsets[row._id] ??= offset; // the first render's offsets, before anything is measured again
      return cardOf(row, index, offset, measure);
    }));
    expect(offsets.q2).toBe(410);
  });

  it("leaves a page's default filters to a list whose rows alone were remembered", () => {
    show(rowsOf(10)).unmount();
    rememberList('prove', null, { scroll: 40 });
    expect(rememberedList('prove', { search: '' })).toMatchObject({ filters: { search: '' }, scroll: 40 });
    rememberList('prove', { search: '' }, { filters: { search: 'rossi' } });
    rememberList('prove', null, { scroll: 0 });
    expect(rememberedList('prove', { search: '' }).filters).toEqual({ search: 'rossi' });
  });
});
