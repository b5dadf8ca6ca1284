// Scanning a spa's visit QR code with the camera, where the browser can: its own QR reader (BarcodeDetector) over the
// back camera's picture, in a dialog. What it reads is the link of the spa's code (`/visits/new?code=…&spa=…`), or
// the six digits alone. Browsers without BarcodeDetector (or without a camera) get no Scan button at all: typing the
// code always works.
import { useEffect, useRef, useState } from 'react';
import { scannedCode, type ScannedLink } from '../../lib/visit-link.ts';
import { Dialog } from '../ui/dialog.tsx';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReaderClass(): BarcodeReaderClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
  return found ?? null;
}

/** Whether this browser can read a QR code from the camera. */
export function canScanCodes(): boolean {
  return barcodeReaderClass() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** How often the camera's picture is read. */
const SCAN_EVERY_MS = 250;

export function CodeScanner({ onScanned, onClose }: { onScanned: (link: ScannedLink) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unknown, setUnknown] = useState(false);
  const scannedRef = useRef(onScanned);
  useEffect(() => {
    scannedRef.current = onScanned;
  });

  useEffect(() => {
    const Reader = barcodeReaderClass();
    if (!Reader) return;
    const reader = new Reader({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        const found = element.readyState >= 2 ? await reader.detect(element) : [];
        for (const barcode of found) {
          const code = scannedCode(barcode.rawValue);
          if (code) {
            scannedRef.current(code);
            return;
          }
          setUnknown(true);
        }
      } catch {
        // A frame that could not be read: the next one is.
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      (camera) => {
        if (stopped) {
          for (const track of camera.getTracks()) track.stop();
          return;
        }
        stream = camera;
        if (video.current) {
          video.current.srcObject = camera;
          void video.current.play().catch(() => undefined);
        }
        void scan();
      },
      () => setProblem('The camera is not available. Allow it in your browser, or type the code instead.'),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Scan the code"
      description="Point the camera at the QR code the spa shows."
    >
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : (
        <div className="grid gap-2">
          <video
            ref={video}
            muted
            playsInline
            aria-label="The camera's picture"
            className="aspect-square w-full rounded-2xl bg-black object-cover"
          />
          {unknown ? (
            <p role="status" className="text-sm text-ink-700">
              That QR code is not a visit code. Point the camera at the one the spa shows.
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
