// Mount shows a screen written without components: run fills the element
// it is given, once, as the screen's root.
import { useEffect, useRef } from "preact/hooks";

export function Mount({ run }: { run: (root: HTMLElement) => void }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => run(root.current!), []);
  return <div class="mount" ref={root} />;
}
