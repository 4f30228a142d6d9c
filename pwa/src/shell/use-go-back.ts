import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back to the previous page of this visit; when the page was opened directly (no earlier entry in
 * the app's history, React Router's 'default' location key) it goes to `fallback` instead of
 * leaving the app or doing nothing.
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  }, [key, navigate, fallback]);
}
