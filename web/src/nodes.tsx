// Nodes shows DOM nodes built without components (the variants' panels)
// inside a component, replaced whenever they are given anew.
import { useLayoutEffect, useRef } from "preact/hooks";

export function Nodes({ nodes }: { nodes: Node[] }) {
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => { box.current?.replaceChildren(...nodes); }, [nodes]);
  return <span class="nodes" ref={box} />;
}
