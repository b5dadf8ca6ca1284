// A small toast store: one toast visible at a time, removed from memory 3000 ms after it is dismissed (spec,
// "Business constants and limits"). `toast()` is the one way to raise a toast, from a component or not; `useToasts()`
// subscribes the toaster to the list.
import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '../../../common/limits.ts';

export const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; the provider's default (5000 ms) when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismiss(id?: string) {
  const ids = id ? [id] : toasts.map((t) => t.id);
  ids.forEach(scheduleRemoval);
  emit(toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
