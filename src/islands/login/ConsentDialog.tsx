/** The terms or privacy policy shown in a dialog over the login dialog. */
import { useEffect, useRef } from 'react';

export function ConsentDialog(p: { doc: 'terms' | 'privacy' | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (p.doc && !d.open) d.showModal();
    if (!p.doc && d.open) d.close();
  }, [p.doc]);
  const title = p.doc === 'privacy' ? '隐私政策' : '服务条款';
  const src = p.doc === 'privacy' ? '/privacypolicy?embed=1' : '/termofservice?embed=1';
  return (
    <dialog ref={ref} className="ld-consent" aria-label={title} onClose={p.onClose}>
      <div className="ld-consent-head">
        <strong>{title}</strong>
        <button type="button" className="ld-close" onClick={p.onClose} aria-label="关闭">
          ×
        </button>
      </div>
      {p.doc && <iframe title={title} src={src} />}
    </dialog>
  );
}
