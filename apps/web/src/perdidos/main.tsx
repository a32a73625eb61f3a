import '../public/public.css';
import './perdidos.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AvisoApp, tokenOf } from './aviso-app';
import { PerdidosApp } from './perdidos-app';

const container = document.getElementById('root');
if (!container) throw new Error('perdidos.html is missing the #root element');

// One entry for both addresses: the public list and form (/perdidos), and the author's report (/aviso/{token}).
const path = window.location.pathname;
createRoot(container).render(<StrictMode>{path.startsWith('/aviso/') ? <AvisoApp token={tokenOf(path)} /> : <PerdidosApp />}</StrictMode>);
