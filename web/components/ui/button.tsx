// Buttons in the app's few styles. `asChild` is not needed: links use `buttonClasses()` directly.
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'bg-sand-100 text-ink-900 hover:bg-sand-200',
  outline: 'border border-sand-300 bg-white text-ink-900 hover:bg-sand-50',
  ghost: 'text-ink-700 hover:bg-sand-100',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

// Every size is at least 44x44 px: a comfortable tap target (sm is only narrower).
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-11 min-w-11 px-4 text-sm',
  md: 'h-11 min-w-11 px-5 text-sm',
  lg: 'h-12 min-w-12 px-6 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold tracking-wide transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
