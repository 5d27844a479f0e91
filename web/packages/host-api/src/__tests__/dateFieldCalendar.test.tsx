// @vitest-environment jsdom
/**
 * The date field's calendar as a screen reader and a speech user meet it: the month shown names
 * the button above the days (WCAG 2.5.3, label in name), only the month's own days are there (the
 * adjacent months' days were drawn at half opacity, below the contrast AA asks), and the weekend
 * days carry the class that colours them in a readable red.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import DateField from '../DateField';

beforeAll(() => {
  // what jsdom lacks and Mantine's provider asks for
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

function openCalendar(day: string) {
  render(
    <MantineProvider env="test">
      <DateField label="Scadenza" value={day} onChange={() => {}} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByLabelText('Scadenza'));
}

describe("the date field's calendar", () => {
  it('names the button above the days by the month it shows', async () => {
    openCalendar('2027-06-17');
    const level = await screen.findByRole('button', { name: /^giugno 2027$/i });
    expect(level.getAttribute('aria-label')).toBeNull();
  });

  it("shows only the month's own days, the weekends marked for their readable colour", async () => {
    openCalendar('2027-06-17');
    await screen.findByRole('button', { name: '17 giugno 2027' });
    // June 2027 starts on a Tuesday and ends on a Wednesday: Monday 31 May and 1–4 July are not shown
    const outside = [...document.querySelectorAll('[data-outside]')];
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((day) => day.hasAttribute('data-hidden'))).toBe(true);
    expect(screen.queryByRole('button', { name: '31 maggio 2027' })).toBeNull();
    const weekend = [...document.querySelectorAll('[data-weekend]:not([data-outside])')];
    expect(weekend).toHaveLength(8);
    expect(weekend.every((day) => day.classList.contains('sp-date-day'))).toBe(true);
  });
});
