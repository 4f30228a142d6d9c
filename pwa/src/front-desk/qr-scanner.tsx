/**
 * The camera QR reader, in its own lazily loaded chunk: zxing is large and only the front desk
 * needs it. Reports the first code it reads, then stops the camera; reports once if the camera
 * cannot start (the panel then turns the scanner off: no retry loop).
 */
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef } from 'react';

export default function QrScanner({
  onCode,
  onFailure,
}: {
  onCode(text: string): void;
  onFailure(err: unknown): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once per mount: new callbacks (the lists change with every sync) must not restart it.
  const callbacks = useRef({ onCode, onFailure });
  useEffect(() => {
    callbacks.current = { onCode, onFailure };
  }, [onCode, onFailure]);

  useEffect(() => {
    let live = true;
    let controls: IScannerControls | null = null;
    // Prefer the back camera of a tablet; any camera otherwise.
    const constraints: MediaStreamConstraints = { video: { facingMode: 'environment' } };
    new BrowserQRCodeReader()
      .decodeFromConstraints(constraints, video.current ?? undefined, (result, _error, scan) => {
        if (!result || !live) return;
        live = false;
        scan.stop();
        callbacks.current.onCode(result.getText());
      })
      .then((started) => {
        controls = started;
        if (!live) started.stop();
      })
      .catch((err: unknown) => {
        console.warn('Camera did not start', err);
        if (!live) return;
        live = false;
        callbacks.current.onFailure(err);
      });
    return () => {
      live = false;
      controls?.stop();
    };
  }, []);

  return (
    <div className="qr-scanner">
      <video
        ref={video}
        className="qr-scanner__video"
        muted
        playsInline
        aria-label="Camera view: hold the member's QR code in front of it"
      />
    </div>
  );
}
