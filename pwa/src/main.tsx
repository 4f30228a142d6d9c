import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app.tsx';
import { requestEarly } from './api/early-answers.ts';
import { getPersist } from './session/persist.ts';
import { SessionProvider } from './session/session-context.tsx';
import { UpdatePrompt } from './shell/update-prompt.tsx';
import './styles/global.css';

// The first page's directory answer travels with its code-split chunk, not after it (decision 136).
requestEarly(location.pathname, getPersist());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <App />
        <UpdatePrompt />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
