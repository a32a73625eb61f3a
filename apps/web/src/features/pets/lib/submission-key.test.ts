import { isValidIdempotencyKey } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { createSubmissionKeys, newIdempotencyKey } from './submission-key';

function form(nombre: string, file?: File) {
  const body = new FormData();
  body.append('nombre', nombre);
  body.append('edad', '2 años');
  if (file) body.append('image', file);
  return body;
}

describe('submission keys', () => {
  it('makes keys of 128 random bits that the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(isValidIdempotencyKey(key)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('keeps the key while the same submission is retried, and gives a new one once it succeeded', () => {
    const keys = createSubmissionKeys();
    const photo = new File(['abc'], 'luna.jpg', { type: 'image/jpeg', lastModified: 1 });
    const first = keys.keyFor(form('Luna', photo));
    expect(keys.keyFor(form('Luna', photo))).toBe(first);
    keys.succeeded();
    expect(keys.keyFor(form('Luna', photo))).not.toBe(first);
  });

  it('gives a changed submission a new key', () => {
    const keys = createSubmissionKeys();
    const photo = new File(['abc'], 'luna.jpg', { type: 'image/jpeg', lastModified: 1 });
    const first = keys.keyFor(form('Luna', photo));
    expect(keys.keyFor(form('Lunita', photo))).not.toBe(first);
    const other = keys.keyFor(form('Luna', photo));
    expect(keys.keyFor(form('Luna', new File(['abcd'], 'luna.jpg', { type: 'image/jpeg', lastModified: 1 })))).not.toBe(other);
    expect(keys.keyFor(form('Luna'))).not.toBe(other);
  });
});
