/**
 * What jsdom lacks and Mantine's layout asks for: `matchMedia` and `ResizeObserver`. Without a
 * width no query matches (a wide window); with one (in em, a phone is 24.375) the `max-width`
 * queries up to it do, so the host API's lists are cards below `sm` (48em).
 */
export function stubLayoutApis(widthEm?: number): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthEm !== undefined && widthEm <= Number(/max-width: ([\d.]+)em/.exec(query)?.[1] ?? -1),
      media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  window.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
}
