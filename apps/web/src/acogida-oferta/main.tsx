import '../public/public.css';
import './acogida-oferta.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AcogidaOfertaApp } from './acogida-oferta-app';

const container = document.getElementById('root');
if (!container) throw new Error('acogida-oferta.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <AcogidaOfertaApp token={decodeURIComponent(window.location.pathname.replace(/^\/acogida-oferta\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
