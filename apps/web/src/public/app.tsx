import { useEffect } from 'react';
import { CataloguePage } from './routes/catalogue-page';
import { PetPage } from './routes/pet-page';
import { followLink, matchRoute, useLocation } from './lib/navigation';

/** The public pages: the catalogue (/adopta) and one pet with its application (/adopta/{id}). No sign-in. */
export function PublicApp() {
  const location = useLocation();
  const route = matchRoute(location.pathname);

  // After a page change, the new page's heading gets the focus (screen readers announce it).
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && document.activeElement === document.body) heading.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <a href="/adopta" onClick={followLink} className="brand">
          Adopta un amigo
        </a>
      </header>
      <main id="contenido" className="page">
        {route.page === 'catalogue' ? (
          <CataloguePage search={location.searchParams} />
        ) : route.page === 'pet' ? (
          <PetPage key={route.id} id={route.id} />
        ) : (
          <div className="notice">
            <title>Página no encontrada · Adopta un amigo</title>
            <h1 tabIndex={-1}>Página no encontrada</h1>
            <a className="button button-secondary" href="/adopta" onClick={followLink}>
              Ver mascotas en adopción
            </a>
          </div>
        )}
      </main>
      <footer className="site-footer">
        <p>Adoptar es un compromiso para toda su vida. Gracias por darle una oportunidad.</p>
      </footer>
    </>
  );
}
