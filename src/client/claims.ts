/**
 * The island's side of `client:near`'s held clicks (directives/near.ts): marks the island as
 * answering clicks itself from now on, and returns the element of a click held for it while it
 * loaded (once), or null.
 */
export function takeClaim(inside: Element | null, selector: string): HTMLElement | null {
  inside?.closest('astro-island')?.setAttribute('data-taken', '');
  const held = [...document.querySelectorAll<HTMLElement>('[data-claimed]')].find((el) =>
    el.matches(selector),
  );
  held?.removeAttribute('data-claimed');
  return held ?? null;
}
