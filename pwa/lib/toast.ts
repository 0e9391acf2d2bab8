// Notifications store: callable from anywhere with toast({ title, description, variant }).
// At most one toast is visible: a new one replaces the current one. A dismissed toast stays (closed) for
// TOAST_REMOVE_DELAY before it is dropped, so its leave animation and Radix's focus return can finish.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastItem = ToastInput & { id: number; open: boolean };

type Listener = (toasts: readonly ToastItem[]) => void;

let nextId = 1;
let state: readonly ToastItem[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]) {
  state = next;
  for (const l of listeners) l(state);
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...state].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number): void {
  const ids = id === undefined ? state.map((t) => t.id) : [id];
  for (const tid of ids) {
    if (removalTimers.has(tid)) continue;
    removalTimers.set(
      tid,
      setTimeout(() => {
        removalTimers.delete(tid);
        emit(state.filter((t) => t.id !== tid));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
  emit(state.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)));
}

export function getToasts(): readonly ToastItem[] {
  return state;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
