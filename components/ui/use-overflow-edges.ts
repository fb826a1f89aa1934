'use client';

import { useEffect, useState, type CSSProperties, type RefObject } from 'react';

/** How wide the fade over a hiding edge is. */
const FADE_PX = 40;

interface Edges {
  left: boolean;
  right: boolean;
}

/**
 * For a row that scrolls sideways (a tab bar on a phone): which edges hide more of it, and a style
 * that fades those edges, so a cut-off label reads as "scroll for more" rather than as the end.
 */
export function useOverflowEdges(ref: RefObject<HTMLElement | null>): CSSProperties | undefined {
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    // The row's own size and its items' (a label that changes or a font that loads widens the row).
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const item of Array.from(el.children)) observer.observe(item);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  if (!edges.left && !edges.right) return undefined;
  const mask = `linear-gradient(to right, ${edges.left ? `transparent, black ${FADE_PX}px` : 'black'}, ${edges.right ? `black calc(100% - ${FADE_PX}px), transparent` : 'black'})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}

/**
 * Scrolls `item` into its sideways-scrolling `list` when it is cut off or under an edge's fade,
 * without moving the page.
 */
export function revealInRow(list: HTMLElement | null, item: HTMLElement | null | undefined): void {
  if (!list || !item) return;
  const start = item.offsetLeft - FADE_PX;
  const end = item.offsetLeft + item.offsetWidth + FADE_PX;
  if (start < list.scrollLeft) list.scrollTo({ left: Math.max(0, start) });
  else if (end > list.scrollLeft + list.clientWidth) list.scrollTo({ left: end - list.clientWidth });
}
