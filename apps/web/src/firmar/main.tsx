import '../public/public.css';
import './firmar.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FirmarApp } from './firmar-app';

const container = document.getElementById('root');
if (!container) throw new Error('firmar.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <FirmarApp token={decodeURIComponent(window.location.pathname.replace(/^\/firmar\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
