import { describe, expect, it } from 'vitest';
import { photosToSend } from '../api';

const file = (name: string, type: string) => new File(['x'], name, { type });
const jpegs = (n: number) => Array.from({ length: n }, (_, i) => file(`foto-${i + 1}.jpg`, 'image/jpeg'));

describe("the customer's photos", () => {
  it('sends JPEG, PNG and WebP, and names the other files', () => {
    const picked = [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.webp', 'image/webp'), file('d.pdf', 'application/pdf'), file('e.heic', 'image/heic')];
    const { files, wrongType, over } = photosToSend(picked, 0);
    expect(files.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(wrongType).toEqual(['d.pdf', 'e.heic']);
    expect(over).toBe(false);
  });

  it('sends five at a time and ten a claim', () => {
    expect(photosToSend(jpegs(7), 0)).toMatchObject({ over: true });
    expect(photosToSend(jpegs(7), 0).files).toHaveLength(5);
    expect(photosToSend(jpegs(3), 8).files.map((f) => f.name)).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    expect(photosToSend(jpegs(1), 10)).toMatchObject({ files: [], over: true });
    expect(photosToSend(jpegs(5), 5)).toMatchObject({ over: false });
  });
});
