import { useEffect, useRef, type RefObject } from "react";

/**
 * Takes the keyboard into a disclosure when it opens and back to its toggle when it closes, so
 * the focus is never left on an element that has just gone away. Nothing moves on first render.
 */
export function useDisclosureFocus(isOpen: boolean, focusInside: () => void, toggle: RefObject<HTMLElement | null>) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen) focusInside();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = isOpen;
    // focusInside is a new function each render; only opening and closing should move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);
}
