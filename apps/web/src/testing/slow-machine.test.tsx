import { getConfig, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render-with-providers';
import { server } from './server';

/** Shows what `/api/slow` answers once it arrives. */
function SlowAnswer() {
  const [text, setText] = useState('Cargando...');
  useEffect(() => {
    void fetch('/api/slow')
      .then((res) => res.json() as Promise<{ text: string }>)
      .then((body) => setText(body.text));
  }, []);
  return <p>{text}</p>;
}

/*
 * A component test waits for a condition, never for an amount of time: a 2-core machine under load renders a
 * first page in well over a second. The tier's waits (findBy…, waitFor) give conditions a generous time to
 * hold (setup.ts), and no test names a shorter one.
 */
describe('component tests on a slow machine', () => {
  it('waits generously for what a screen shows', () => {
    expect(getConfig().asyncUtilTimeout).toBeGreaterThanOrEqual(10_000);
  });

  it('finds what arrives after more than a second (the default wait of Testing Library)', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(1_500);
        return HttpResponse.json({ text: 'Primera página' });
      }),
    );
    renderWithProviders(<SlowAnswer />);
    expect(await screen.findByText('Primera página')).toBeInTheDocument();
  });
});
