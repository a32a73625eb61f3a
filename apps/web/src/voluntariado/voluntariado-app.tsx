import { useEffect, useState } from 'react';
import { type PublicShift, type VolunteerView, volunteerMessages } from '@refugio/contracts';

const offline = 'No hay conexión. Inténtalo de nuevo en un momento.';
const dayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });

async function messageOf(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message ?? fallback;
  } catch {
    return fallback;
  }
}

/** 'sábado, 5 de diciembre' (the phone's zone, which is the volunteer's). */
export const shiftDay = (iso: string) => dayFormat.format(new Date(iso));
export const shiftHours = (s: Pick<PublicShift, 'inicio' | 'fin'>) =>
  `${timeFormat.format(new Date(s.inicio))} a ${timeFormat.format(new Date(s.fin))}`;

/** The heading of the week shown: 0 is the seven days from today. */
export const weekTitle = (semana: number) =>
  semana === 0
    ? 'Turnos con plazas, esta semana'
    : semana === 1
      ? 'Turnos con plazas, la semana que viene'
      : `Turnos con plazas, dentro de ${semana} semanas`;

/** The shifts grouped by their day, in order. */
export function byDay(shifts: PublicShift[]): { day: string; shifts: PublicShift[] }[] {
  const groups: { day: string; shifts: PublicShift[] }[] = [];
  for (const s of shifts) {
    const day = shiftDay(s.inicio);
    const last = groups.at(-1);
    if (last?.day === day) last.shifts.push(s);
    else groups.push({ day, shifts: [s] });
  }
  return groups;
}

function ShiftCard({ shift, busy, onSignUp, onCancel }: { shift: PublicShift; busy: boolean; onSignUp: () => void; onCancel: () => void }) {
  const label = `${shift.tarea}, ${shiftDay(shift.inicio)} de ${shiftHours(shift)}`;
  return (
    <li className="shift">
      <p className="shift-title">{shift.tarea}</p>
      <p className="shift-time">
        {shiftHours(shift)}
        {shift.lugar ? ` · ${shift.lugar}` : ''}
      </p>
      <p className={shift.libres === 0 ? 'shift-places full' : 'shift-places'}>
        {shift.apuntado
          ? 'Te has apuntado'
          : shift.libres === 0
            ? 'Completo'
            : shift.libres === 1
              ? 'Queda 1 plaza'
              : `Quedan ${shift.libres} plazas`}
      </p>
      {shift.apuntado ? (
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel} aria-label={`Cancelar: ${label}`}>
          Cancelar
        </button>
      ) : shift.libres > 0 ? (
        <button type="button" className="button" disabled={busy} onClick={onSignUp} aria-label={`Apuntarme: ${label}`}>
          Apuntarme
        </button>
      ) : null}
    </li>
  );
}

/**
 * The volunteer's page (`/voluntariado/{token}`), phone-first: the shifts the person is on, then one week of shifts
 * with free places day by day ("Semana siguiente" for the next, up to four), "Apuntarme" and "Cancelar". No
 * account: the link is the key.
 */
export function VoluntariadoApp({ token }: { token: string }) {
  const [state, setState] = useState<{ view?: VolunteerView; error?: string }>({});
  const [busy, setBusy] = useState<number | undefined>();
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const base = `/api/voluntariado/${encodeURIComponent(token)}`;

  const [version, setVersion] = useState(0);
  // One week of open shifts at a time (0 = the seven days from today), as the server sends them.
  const [semana, setSemana] = useState(0);

  useEffect(() => {
    let live = true;
    fetch(semana > 0 ? `${base}?semana=${semana}` : base, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(res.status === 404 ? volunteerMessages.notFound : await messageOf(res, volunteerMessages.notFound));
        return (await res.json()) as VolunteerView;
      })
      .then((view) => live && setState({ view }))
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : volunteerMessages.notFound }));
    return () => {
      live = false;
    };
  }, [base, version, semana]);

  const act = async (shift: PublicShift, method: 'POST' | 'DELETE') => {
    setBusy(shift.id);
    setNotice(undefined);
    try {
      const res = await fetch(`${base}/turnos/${shift.id}`, { method, headers: { accept: 'application/json' } });
      if (!res.ok) setNotice({ kind: 'error', text: await messageOf(res, 'No se pudo hacer. Inténtalo de nuevo.') });
      else
        setNotice({
          kind: 'ok',
          text:
            method === 'POST'
              ? `Te has apuntado a «${shift.tarea}» el ${shiftDay(shift.inicio)}. ¡Gracias!`
              : `Has cancelado «${shift.tarea}» el ${shiftDay(shift.inicio)}.`,
        });
      setVersion((v) => v + 1);
    } catch {
      setNotice({ kind: 'error', text: offline });
    } finally {
      setBusy(undefined);
    }
  };

  const view = state.view;
  const card = (s: PublicShift) => (
    <ShiftCard key={s.id} shift={s} busy={busy !== undefined} onSignUp={() => void act(s, 'POST')} onCancel={() => void act(s, 'DELETE')} />
  );
  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{view?.organizacion.nombre || 'Voluntariado'}</p>
      </header>
      <main id="contenido" className="page">
        {state.error ? (
          <div className="notice" role="alert">
            <h1>Enlace no disponible</h1>
            <p>{state.error}</p>
          </div>
        ) : !view ? (
          <p role="status">Cargando...</p>
        ) : (
          <>
            <h1>Hola, {view.persona.nombre}</h1>
            <div aria-live="polite">
              {notice ? (
                <p className={notice.kind === 'error' ? 'form-error' : 'volunteer-ok'} role={notice.kind === 'error' ? 'alert' : 'status'}>
                  {notice.text}
                </p>
              ) : null}
            </div>
            <section aria-labelledby="mios">
              <h2 id="mios">Mis turnos</h2>
              {view.mios.length === 0 ? (
                <p className="hint">Aún no te has apuntado a ningún turno.</p>
              ) : (
                <ul className="shifts">{view.mios.map(card)}</ul>
              )}
            </section>
            <section aria-labelledby="proximos">
              <h2 id="proximos">{weekTitle(view.semana ?? 0)}</h2>
              {view.turnos.length === 0 ? (
                <p className="hint">No hay turnos con plazas libres esta semana.</p>
              ) : (
                byDay(view.turnos).map((group) => (
                  <div key={group.day} className="shift-day">
                    <h3>{group.day}</h3>
                    <ul className="shifts">{group.shifts.map(card)}</ul>
                  </div>
                ))
              )}
              <nav className="week-nav" aria-label="Semanas">
                {(view.semana ?? 0) > 0 ? (
                  <button type="button" className="button button-secondary" onClick={() => setSemana((view.semana ?? 1) - 1)}>
                    Semana anterior
                  </button>
                ) : null}
                {(view.semana ?? 0) + 1 < (view.semanas ?? 1) ? (
                  <button type="button" className="button button-secondary" onClick={() => setSemana((view.semana ?? 0) + 1)}>
                    Semana siguiente
                  </button>
                ) : null}
              </nav>
            </section>
          </>
        )}
      </main>
    </>
  );
}
