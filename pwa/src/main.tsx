import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPageOf } from './app.tsx';
import { SessionProvider } from './session/index.ts';
import { UpdatePrompt } from './shell/index.ts';
import './styles/global.css';

// The page's own chunk is asked for now, and the first render runs in a task of its own: module
// evaluation, the chunk's links and the render were one long task on a phone, the largest part of a
// profile page's blocking time, and the chunk's download waited for the render (issue 27).
setTimeout(() => preloadPageOf(location.pathname));
setTimeout(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <SessionProvider>
          <App />
          <UpdatePrompt />
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  ),
);
