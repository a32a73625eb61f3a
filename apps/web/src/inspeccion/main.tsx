import '../public/public.css';
import './inspeccion.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InspeccionApp } from './inspeccion-app';

const container = document.getElementById('root');
if (!container) throw new Error('inspeccion.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <InspeccionApp token={decodeURIComponent(window.location.pathname.replace(/^\/inspeccion\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
