/**
 * The camera QR reader, in its own lazily loaded chunk: zxing is large and only the front desk
 * needs it. Reports the first code it reads, then stops the camera.
 */
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';

export default function QrScanner({ onCode }: { onCode(text: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
        onCode(result.getText());
      })
      .then((started) => {
        controls = started;
        if (!live) started.stop();
      })
      .catch((err: unknown) => {
        console.warn('Camera did not start', err);
        if (live) setFailure('The camera could not start. Allow camera access, or type the entry code.');
      });
    return () => {
      live = false;
      controls?.stop();
    };
  }, [onCode]);

  return (
    <div className="qr-scanner">
      {failure ? (
        <p className="form-status form-status--error">{failure}</p>
      ) : (
        <video
          ref={video}
          className="qr-scanner__video"
          muted
          playsInline
          aria-label="Camera view: hold the member's QR code in front of it"
        />
      )}
    </div>
  );
}
