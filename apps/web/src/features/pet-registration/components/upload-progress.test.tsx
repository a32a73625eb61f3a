import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { UploadProgress } from './submit-status';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

describe('UploadProgress', () => {
  it('shows the percent of each file, not only bars', () => {
    const media = { image: file('principal.jpg', 100), imagenes: [file('patio.jpg', 200)], videos: [] };
    // The fields are small; 150 of 300 file bytes are sent: the first file is done, the second is half way.
    renderWithProviders(<UploadProgress state={{ status: 'sending', loaded: 150 + 100, total: 400 }} media={media} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Enviando... 62 %');
    expect(within(status).getByText('principal.jpg').parentElement).toHaveTextContent(/principal\.jpg\s*\d+\s%/);
    expect(within(status).getByRole('progressbar', { name: 'Subida de patio.jpg' })).toBeInTheDocument();
    expect(status.textContent?.match(/\d+\s%/g)).toHaveLength(3);
  });
});
