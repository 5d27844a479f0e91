// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import { IconCarSuv } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { componentName, iconFor } from '../icons';

describe('iconFor', () => {
  it('names a Tabler component as the package exports it', () => {
    expect(componentName('car-suv')).toBe('IconCarSuv');
    expect(componentName('a-b-2')).toBe('IconAB2');
    expect(componentName('scale')).toBe('IconScale');
  });

  it("gives core's icons from the shell's own code, the same component every time", () => {
    expect(iconFor('car-suv')).toBe(IconCarSuv);
    expect(iconFor('scale')).toBe(iconFor('scale')); // a stable component: no remount per render
  });

  it('draws any other Tabler name once the icon set arrives, and a fallback for an unknown one', async () => {
    const Scale = iconFor('scale');
    const { container } = render(<Scale size={22} />);
    expect(container.querySelector('span[aria-hidden]')).not.toBeNull(); // its room kept meanwhile
    await waitFor(() => expect(container.querySelector('svg.tabler-icon-scale')).not.toBeNull(), { timeout: 10_000 });
    const Unknown = iconFor('nessuna-icona');
    const other = render(<Unknown />);
    await waitFor(() => expect(other.container.querySelector('svg.tabler-icon-apps')).not.toBeNull());
  });
});
