import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

const MAX_SCALE = 6;

interface View {
  scale: number;
  x: number;
  y: number;
}

const IDENTITY: View = { scale: 1, x: 0, y: 0 };

/**
 * A picture that zooms with the wheel or a two-finger pinch and pans with one finger or the mouse
 * once zoomed; Reset zoom returns to the whole picture. Unzoomed, one finger scrolls the page as usual.
 */
export function ZoomableImage({ src, alt, onLoad, imgProps }: { src: string; alt: string; onLoad?: () => void; imgProps?: Record<string, string | number> }) {
  const [view, setView] = useState<View>(IDENTITY);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);

  const clamp = (next: View): View => {
    const scale = Math.min(MAX_SCALE, Math.max(1, next.scale));
    return scale === 1 ? IDENTITY : { scale, x: next.x, y: next.y };
  };

  const onWheel = (event: WheelEvent) => {
    if (event.deltaY === 0) return;
    const factor = event.deltaY < 0 ? 1.2 : 1 / 1.2;
    setView((v) => clamp({ ...v, scale: v.scale * factor }));
  };

  const onPointerDown = (event: PointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), scale: view.scale };
    }
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent) => {
    const previous = pointers.current.get(event.pointerId);
    if (previous === undefined) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2 && pinch.current !== null) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      const start = pinch.current;
      setView((v) => clamp({ ...v, scale: start.scale * (distance / Math.max(1, start.distance)) }));
    } else if (pointers.current.size === 1 && view.scale > 1) {
      setView((v) => ({ ...v, x: v.x + (event.clientX - previous.x), y: v.y + (event.clientY - previous.y) }));
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const zoomed = view.scale > 1;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        data-testid="wximagery-zoom"
        data-scale={view.scale.toFixed(2)}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={() => setView(IDENTITY)}
        sx={{ overflow: 'hidden', touchAction: zoomed ? 'none' : 'pan-x pan-y', cursor: zoomed ? 'grab' : 'zoom-in', borderRadius: 1, bgcolor: 'action.hover', lineHeight: 0 }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          draggable={false}
          onLoad={onLoad}
          {...imgProps}
          sx={{ display: 'block', width: '100%', height: 'auto', maxHeight: '70vh', objectFit: 'contain', transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: 'center', userSelect: 'none' }}
        />
      </Box>
      {zoomed && (
        <Button size="small" variant="contained" onClick={() => setView(IDENTITY)} sx={{ position: 'absolute', top: 8, right: 8 }} data-testid="wximagery-zoom-reset">
          Reset zoom
        </Button>
      )}
    </Box>
  );
}
