import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { languageReady } from './providers/i18nProvider';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// The stored language's texts come first (Russian is a chunk of its own), so the first screen is already in it.
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      {/*
      Real paths (/dashboard, not /#/dashboard): the server falls back to index.html for them.
      No transitions, like react-admin's own router: its sign-out redirect resets the auth query in the
      same tick, and a transition-wrapped navigation never committed, so the redirect looped.
    */}
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
