import type { LostFoundReport, OwnReport } from '@refugio/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { AvisoApp } from './aviso-app';

const report = (estado: LostFoundReport['estado'], reabrible = estado === 'reunido' || estado === 'cerrado'): OwnReport => ({
  id: 7,
  tipo: 'perdido',
  especie: 'Perro',
  sexo: 'macho',
  color: 'canela',
  tamano: 'mediano',
  municipio: 'Zaragoza',
  codigoPostal: '50001',
  fecha: '2026-11-27',
  descripcion: 'Collar rojo.',
  fotos: 1,
  estado,
  venceEn: '2027-01-27T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  microchip: '',
  contacto: '612 345 678',
  version: 1,
  reabrible,
});

describe('AvisoApp: the owner of a report, through its private link', { timeout: 20_000 }, () => {
  it('asks before closing, can keep it open, and opens a closed report again', async () => {
    const sent: unknown[] = [];
    let current = report('abierto');
    server.use(
      http.get('/api/public/avisos/:token', () => HttpResponse.json(current)),
      http.patch('/api/public/avisos/:token', async ({ request }) => {
        const body = (await request.json()) as { estado?: LostFoundReport['estado'] };
        sent.push(body);
        current = report(body.estado ?? current.estado);
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    render(<AvisoApp token="abc" />);
    expect(await screen.findByRole('img', { name: 'Foto del aviso: Perro canela' })).toHaveAttribute('src', '/api/public/avisos/7/fotos/0');
    expect(screen.getByRole('button', { name: 'Copiar el enlace privado' })).toBeInTheDocument();

    // One tap on "Cerrar el aviso" only asks; "No, dejarlo abierto" sends nothing.
    await user.click(screen.getByRole('button', { name: 'Cerrar el aviso' }));
    expect(screen.getByRole('group', { name: /¿Cerrar el aviso\?/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, dejarlo abierto' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Ya está con su familia' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cerrar el aviso' }));
    expect(await screen.findByText('Cerrado: reunido con su familia')).toBeInTheDocument();
    expect(sent).toEqual([{ estado: 'reunido' }]);

    await user.click(screen.getByRole('button', { name: 'Volver a abrir el aviso' }));
    expect(await screen.findByText('Aviso abierto de nuevo: se muestra 60 días más.')).toBeInTheDocument();
    expect(sent).toEqual([{ estado: 'reunido' }, { estado: 'abierto' }]);
    expect(screen.getByRole('button', { name: 'Cerrar el aviso' })).toBeInTheDocument();
  });
});

describe('AvisoApp: a report that staff closed', () => {
  it('says to write to the shelter and offers no way to open it again', async () => {
    server.use(http.get('/api/public/avisos/:token', () => HttpResponse.json(report('reunido', false))));
    render(<AvisoApp token="abc" />);
    expect(await screen.findByText('Cerrado: reunido con su familia')).toBeInTheDocument();
    expect(screen.getByText('La protectora cerró este aviso: escríbeles si quieres que vuelva a publicarse.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volver a abrir el aviso' })).not.toBeInTheDocument();
  });
});
