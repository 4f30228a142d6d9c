import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useUniqueId } from '../lib/index.ts';

/**
 * State of a disclosure (a button that shows and hides a panel): closes on Escape (focus goes back
 * to the button), on a pointer press outside both, and whenever the route changes — so a phone
 * menu never stays open over the page the visitor just chose.
 */
export function useDisclosure<Panel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panelId = useUniqueId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);
  const { pathname } = useLocation();

  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (buttonRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const buttonProps = { ref: buttonRef, 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle };
  return { open, buttonProps, panelProps: { id: panelId, ref: panelRef } };
}
