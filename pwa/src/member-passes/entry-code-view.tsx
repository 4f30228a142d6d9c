import { QRCodeSVG } from 'qrcode.react';
import { useRef, type MouseEvent } from 'react';
import type { EntryCode } from './member-passes-model.ts';

/*
 * The token is ~250 characters, so the code has many modules; the lowest error correction keeps
 * each module as large as possible, which matters more on a glossy phone screen than damage
 * tolerance does (screens do not get torn or smudged like paper).
 */
const QR_LEVEL = 'L';

/**
 * A pass's entry code: the text the member can read out at the desk and the QR code the front
 * desk scans (design/sync.md "Entry codes that verify offline"). Tapping the code opens it full
 * screen, large enough for any tablet camera.
 */
export function EntryCodeView({ code, describedAs }: { code: EntryCode; describedAs: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  // A tap on the backdrop (the dialog element itself, outside its content) closes it too.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <div className="entry-code">
      <button
        type="button"
        className="entry-code__qr"
        onClick={() => dialog.current?.showModal()}
        aria-label={`Enlarge entry code ${code.text}`}
      >
        <QRCodeSVG value={code.token} level={QR_LEVEL} size={240} marginSize={3} aria-hidden="true" />
      </button>
      <p className="entry-code__text">
        <span className="entry-code__label">Entry code</span>
        <strong className="entry-code__value">{code.text}</strong>
      </p>
      <dialog
        ref={dialog}
        className="entry-code__dialog"
        aria-label={`Entry code ${code.text}, ${describedAs}`}
        onClick={onDialogClick}
      >
        <div className="entry-code__dialog-body">
          <QRCodeSVG
            value={code.token}
            level={QR_LEVEL}
            size={512}
            marginSize={4}
            className="entry-code__big-qr"
            title={`QR code for entry code ${code.text}`}
          />
          <p className="entry-code__big-text">{code.text}</p>
          <p className="entry-code__caption">{describedAs}</p>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </div>
  );
}
